import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import type { OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { staffLinkInputSchema } from '@pxl/contract/offers/portal.schemas';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useBuildTrackingLink } from '../api/build-tracking-link.ts';
import { EMPTY_SUBS, SubInputs, type SubValues } from '@/components/forms/sub-inputs.tsx';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { DetailCard } from './detail-card.tsx';
import { LandingLabel } from './landing-label.tsx';
import { refOption } from './offer-labels.ts';

/** The panel's own host: no `domain` is sent, and the server uses the host it answers on. */
const PANEL = 'panel';

/** Affiliate, landing, pre-landing, tracking domain and sub1..sub5 → a click URL to copy. */
export function TrackingLinkBuilder({ offer, trackDomains }: { offer: OfferDetail; trackDomains: readonly string[] }) {
  const [affiliate, setAffiliate] = useState<string | null>(null);
  const [landing, setLanding] = useState<string | null>(null);
  const [prelanding, setPrelanding] = useState<string | null>(null);
  // The default tracking domain comes first in the constants; without one, the panel's own host.
  const [domain, setDomain] = useState(trackDomains[0] ?? PANEL);
  const [subs, setSubs] = useState<SubValues>(EMPTY_SUBS);
  const build = useBuildTrackingLink(offer.uuid);
  const api = offer.type === 'api';
  // An API offer needs a landing, which the schema leaves optional: that message joins the schema's.
  const noLanding = api && !landing ? { landing_uuid: 'Choose a landing: API offers need one' } : null;
  const { errors, submit: send } = useSaveForm(build, (found) => ({ ...found, ...noLanding }));
  // A link built for other inputs must not stay on screen as if it matched the new ones.
  const edit =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      if (build.data) build.reset();
    };
  const onlyTrusted = offer.privacy !== 'public';
  const landingsOf = (type: 'landing' | 'prelanding') =>
    offer.landings
      .filter((l) => l.type === type)
      .map((l) => ({
        value: l.uuid,
        label: `#${l.id} ${l.name}${l.status === 'active' ? '' : ` (${l.status})`}`,
        disabled: l.status !== 'active',
      }));
  const byUuid = new Map(offer.landings.map((l) => [l.uuid, l]));
  const renderLanding = ({ option }: { option: { value: string; label: string } }) =>
    byUuid.has(option.value) ? <LandingLabel landing={byUuid.get(option.value)!} /> : option.label;
  const domains = [
    { value: PANEL, label: `${window.location.host} (this panel)` },
    ...trackDomains.map((d) => ({ value: d, label: d })),
  ];

  // No notice: the link itself shows below the button.
  const submit = () =>
    send(
      staffLinkInputSchema,
      {
        affiliate_uuid: affiliate ?? '',
        landing_uuid: landing,
        prelanding_uuid: prelanding,
        ...(domain !== PANEL ? { domain } : {}),
        ...subs,
      },
      { check: () => noLanding },
    );

  return (
    <DetailCard title="Tracking link" testId="tracking-link-builder">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LinkAffiliate
              offer={offer}
              onlyTrusted={onlyTrusted}
              value={affiliate}
              error={errors.affiliate_uuid}
              onChange={edit(setAffiliate)}
            />
            <Select
              label="Tracking domain"
              data={domains}
              value={domain}
              allowDeselect={false}
              error={errors.domain}
              onChange={edit((v: string | null) => setDomain(v ?? PANEL))}
            />
            <Select
              label="Landing"
              required={api}
              clearable={!api}
              placeholder={api ? 'Choose a landing' : "The offer's tracking URL"}
              data={landingsOf('landing')}
              renderOption={renderLanding}
              value={landing}
              error={errors.landing_uuid}
              onChange={edit(setLanding)}
              nothingFoundMessage="No landings attached"
            />
            <Select
              label="Pre-landing"
              clearable
              placeholder="None"
              data={landingsOf('prelanding')}
              renderOption={renderLanding}
              value={prelanding}
              error={errors.prelanding_uuid}
              onChange={edit(setPrelanding)}
              nothingFoundMessage="No pre-landings attached"
            />
          </SimpleGrid>
          <SubInputs value={subs} errors={errors} onChange={edit(setSubs)} />
          {onlyTrusted && offer.trusted.length === 0 && (
            <Text size="xs" c="dimmed">
              This offer is {offer.privacy === 'private' ? 'private' : 'premoderated'}: add trusted affiliates to build
              links for them.
            </Text>
          )}
          <Button type="submit" leftSection={<IconLink size={16} />} loading={build.isPending} w="fit-content">
            Build link
          </Button>
          {build.data && <BuiltLink url={build.data.url} />}
        </Stack>
      </form>
    </DetailCard>
  );
}

/** Only trusted affiliates may run a private or premoderated offer, so only they are offered then. */
function LinkAffiliate({
  offer,
  onlyTrusted,
  value,
  error,
  onChange,
}: {
  offer: OfferDetail;
  onlyTrusted: boolean;
  value: string | null;
  error?: string;
  onChange: (uuid: string | null) => void;
}) {
  return onlyTrusted ? (
    <Select
      label="Affiliate"
      required
      placeholder={offer.trusted.length ? 'Choose a trusted affiliate' : 'No trusted affiliates yet'}
      searchable
      data={offer.trusted.map(refOption)}
      value={value}
      error={error}
      onChange={onChange}
    />
  ) : (
    <AffiliateSelect required value={value} error={error} onChange={onChange} />
  );
}

/** The built link, selected on focus, with its Copy button. */
function BuiltLink({ url }: { url: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Textarea
        readOnly
        autosize
        minRows={1}
        value={url}
        aria-label="Tracking link"
        style={{ flex: 1, minWidth: 0 }}
        data-testid="tracking-link"
        styles={{ input: { wordBreak: 'break-all' } }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        variant="light"
        leftSection={<IconCopy size={16} />}
        style={{ flexShrink: 0 }}
        onClick={() => void copyToClipboard(url)}
      >
        Copy
      </Button>
    </Group>
  );
}
