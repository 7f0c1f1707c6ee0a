import { useState } from 'react';
import { Alert, MultiSelect, Stack, Text } from '@mantine/core';
import { offerLandingsInputSchema, type LandingRef, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useLandingOptions } from '../api/landing-options.ts';
import { useSaveOfferLandings } from '../api/save-offer-landings.ts';
import { LandingLabel } from './landing-label.tsx';
import { SectionCard } from './section-card.tsx';

const group = (name: string, list: LandingRef[]) => ({
  group: name,
  items: list.map((l) => ({
    value: l.uuid,
    label: `#${l.id} ${l.name}${l.status === 'active' ? '' : ` (${l.status})`}`,
  })),
});

/** Landings and pre-landings attached to the offer; links can be built only on active ones. */
export function LandingsSection({ offer }: { offer: OfferDetail }) {
  const [uuids, setUuids] = useState<string[]>(() => offer.landings.map((l) => l.uuid));
  const options = useLandingOptions();
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferLandings(offer.uuid));
  // Attached landings stay listed even when the options (not deleted ones) no longer hold them.
  const all = new Map<string, LandingRef>(offer.landings.map((l) => [l.uuid, l]));
  for (const l of options.data?.list ?? []) all.set(l.uuid, l);
  const list = [...all.values()];
  const chosen = uuids.flatMap((u) => (all.has(u) ? [all.get(u)!] : []));
  const inactive = chosen.filter((l) => l.status !== 'active');

  const submit = () => send(offerLandingsInputSchema, { landing_uuids: uuids }, { notice: 'Landings saved' });

  return (
    <SectionCard
      title="Landings"
      testId="section-landings"
      onSave={submit}
      saving={saving}
      saveLabel="Save landings"
      description="Landings and pre-landings affiliates can send traffic to."
    >
      <MultiSelect
        label="Landings and pre-landings"
        name="landing_uuids"
        placeholder={options.isPending ? 'Loading…' : 'Choose landings'}
        searchable
        clearable
        data={[
          group(
            'Landings',
            list.filter((l) => l.type === 'landing'),
          ),
          group(
            'Pre-landings',
            list.filter((l) => l.type === 'prelanding'),
          ),
        ]}
        renderOption={({ option }) =>
          all.has(option.value) ? <LandingLabel landing={all.get(option.value)!} /> : option.label
        }
        value={uuids}
        error={errors.landing_uuids}
        onChange={setUuids}
        nothingFoundMessage="No landings"
        comboboxProps={{ withinPortal: true }}
      />
      {chosen.length > 0 && (
        <Stack gap={4} data-testid="attached-landings">
          {chosen.map((l) => (
            <LandingLabel key={l.uuid} landing={l} />
          ))}
        </Stack>
      )}
      {inactive.length > 0 && (
        <Alert color="yellow" p="xs">
          <Text size="sm">
            {inactive.length === 1 ? 'One attached landing is' : `${inactive.length} attached landings are`} not active:
            links cannot be built on them until they are.
          </Text>
        </Alert>
      )}
    </SectionCard>
  );
}
