import { useState, type FormEvent } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PortalOfferDetail } from '@pxl/contract/offers/portal.schemas';
import { apiFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { useBuildTrackingLink } from '../api/build-tracking-link.ts';
import { BuiltLink } from './built-link.tsx';

const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
type Sub = (typeof SUBS)[number];
type Values = { landing: string | null; prelanding: string | null; domain: string } & Record<Sub, string>;

/** Tracking domains of Settings › Domains plus the panel's own host, which always works (docs/product/tracking.md). */
export const domainOptions = (trackDomains: string[], ownHost: string): string[] => [
  ...new Set([...trackDomains, ownHost]),
];

/** The affiliate's own tracking link: landing (required for API offers), pre-landing, domain, sub1..sub5. */
export function LinkBuilder({ offer, trackDomains }: { offer: PortalOfferDetail; trackDomains: string[] }) {
  const ownHost = window.location.host;
  const domains = domainOptions(trackDomains, ownHost);
  const landings = offer.landings
    .filter((l) => l.type === 'landing')
    .map((l) => ({ value: l.uuid, label: `${l.name} (ID ${l.id})` }));
  const prelandings = offer.landings
    .filter((l) => l.type === 'prelanding')
    .map((l) => ({ value: l.uuid, label: `${l.name} (ID ${l.id})` }));
  const [values, setValues] = useState<Values>({
    landing: landings.length === 1 ? landings[0].value : null,
    prelanding: null,
    domain: domains[0],
    sub1: '',
    sub2: '',
    sub3: '',
    sub4: '',
    sub5: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [url, setUrl] = useState<string | null>(null);
  const build = useBuildTrackingLink(offer.id);
  // A link shown must match the fields above it, so any change takes it away until it is built again.
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setUrl(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (offer.type === 'api' && !values.landing)
      return setErrors({ landing_uuid: 'Choose a landing: API offers need one' });
    setErrors({});
    build.mutate(
      {
        landing_uuid: values.landing,
        prelanding_uuid: values.prelanding,
        domain: values.domain === ownHost ? undefined : values.domain,
        ...Object.fromEntries(SUBS.map((s) => [s, values[s] || undefined])),
      },
      { onSuccess: (link) => setUrl(link.url), onError: (e) => setErrors(apiFieldErrors(e)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Build a tracking link">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Landing"
            name="landing_uuid"
            data={landings}
            value={values.landing}
            onChange={(v) => set({ landing: v })}
            placeholder={landings.length ? 'Choose a landing' : 'No landings'}
            clearable={offer.type !== 'api'}
            required={offer.type === 'api'}
            disabled={landings.length === 0}
            error={errors.landing_uuid}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Pre-landing"
            name="prelanding_uuid"
            data={prelandings}
            value={values.prelanding}
            onChange={(v) => set({ prelanding: v })}
            placeholder={prelandings.length ? 'None' : 'No pre-landings'}
            clearable
            disabled={prelandings.length === 0}
            error={errors.prelanding_uuid}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Tracking domain"
            name="domain"
            data={domains}
            value={values.domain}
            allowDeselect={false}
            onChange={(v) => v && set({ domain: v })}
            error={errors.domain}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          {SUBS.map((s) => (
            <TextInput
              key={s}
              label={s}
              name={s}
              maxLength={200}
              value={values[s]}
              error={errors[s]}
              onChange={(e) => set({ [s]: e.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={build.isPending}>
            Build link
          </Button>
        </Group>
        {url && <BuiltLink url={url} />}
      </Stack>
    </form>
  );
}
