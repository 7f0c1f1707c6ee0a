import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { trafficLabel, TYPE_LABELS, verticalLabel } from './offer-labels.ts';
import { StatusBadge } from './status-badge.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

const when = (iso: string | null, tz: string) => (iso ? formatDateLine(iso, tz) : '—');

/** Title, ID, type, status, privacy and advertiser, then the offer's facts. */
export function OfferHeader({
  offer,
  timeZone,
  actions,
}: {
  offer: OfferDetail;
  timeZone: string;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>
              {offer.title}
            </Title>
            <Group gap={6} wrap="wrap">
              <Badge variant="default" radius="sm">
                ID {offer.id}
              </Badge>
              <Badge variant="light" color="indigo" radius="sm">
                {TYPE_LABELS[offer.type]}
              </Badge>
              <StatusBadge status={offer.status} />
              <Badge variant="outline" color="gray" radius="sm">
                {statusLabel(offer.privacy)}
              </Badge>
            </Group>
          </Stack>
          {actions}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs">
          {offer.type === 'direct_link' && <Fact label="Advertiser">{offer.advertiser?.name ?? '—'}</Fact>}
          <Fact label="Vertical">{verticalLabel(offer.vertical)}</Fact>
          <Fact label="Currency">{offer.currency}</Fact>
          <Fact label="Hold">{offer.hold_days} days</Fact>
          <Fact label="Geos">{offer.geos.length ? <CountryFlags codes={offer.geos} max={8} /> : 'Every country'}</Fact>
          <Fact label="Traffic sources">{offer.traffic_sources.map(trafficLabel).join(', ') || 'Any'}</Fact>
          <Fact label="Devices / OS">
            {[offer.devices.join(', ') || 'Any device', offer.oss.join(', ') || 'any OS'].join(' · ')}
          </Fact>
          <Fact label="Runs">
            {offer.starts_at || offer.stops_at
              ? `${when(offer.starts_at, timeZone)} → ${when(offer.stops_at, timeZone)}`
              : 'Any time'}
          </Fact>
          <Fact label="Created">{when(offer.created_at, timeZone)}</Fact>
        </SimpleGrid>
        {offer.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {offer.description}
          </Text>
        )}
        {offer.type === 'direct_link' && (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <Fact label="Tracking URL">{offer.tracking_url ?? '—'}</Fact>
            <Fact label="Preview URL">{offer.preview_url ?? '—'}</Fact>
            <Fact label="Trafficback URL">{offer.trafficback_url ?? 'Global trafficback'}</Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
