import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import type { PortalOfferDetail } from '@pxl/contract/offers/portal.schemas';
import { OfferGeos } from './offer-facts.tsx';
import { labelOf, type PortalRefs } from './offer-labels.ts';
import { deviceLabel, osLabel } from './targeting-labels.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', wordBreak: 'break-word' }}>{children}</div>
    </Stack>
  );
}

const listOr = (items: string[], none: string) => (items.length ? items.join(', ') : none);
const dateOr = (value: string | null, timeZone: string, none: string) =>
  value ? formatDateLine(value, timeZone) : none;

/** Targeting, terms and dates of an offer as the affiliate reads them. */
export function DetailFacts({
  offer,
  refs,
  timeZone,
}: {
  offer: PortalOfferDetail;
  refs: PortalRefs;
  timeZone: string;
}) {
  return (
    <Stack gap="md">
      <Fact label="Countries">
        <OfferGeos geos={offer.geos} max={40} />
      </Fact>
      <Fact label="Devices">{listOr(offer.devices.map(deviceLabel), 'All devices')}</Fact>
      <Fact label="Operating systems">{listOr(offer.oss.map(osLabel), 'All systems')}</Fact>
      <Fact label="Traffic sources">
        {listOr(
          offer.traffic_sources.map((s) => labelOf(refs.traffic, s)),
          'Any source',
        )}
      </Fact>
      <Fact label="Hold">
        {offer.hold_days === 0
          ? 'No hold'
          : `${offer.hold_days} day${offer.hold_days === 1 ? '' : 's'} before approval`}
      </Fact>
      <Group gap="xl">
        <Fact label="Starts">{dateOr(offer.starts_at, timeZone, 'Running')}</Fact>
        <Fact label="Stops">{dateOr(offer.stops_at, timeZone, 'No end date')}</Fact>
      </Group>
      <Fact label="Currency">{offer.currency}</Fact>
      {offer.preview_url && (
        <Fact label="Offer preview">
          <Anchor href={offer.preview_url} target="_blank" rel="noopener noreferrer" size="sm">
            Open the offer page
          </Anchor>
        </Fact>
      )}
    </Stack>
  );
}
