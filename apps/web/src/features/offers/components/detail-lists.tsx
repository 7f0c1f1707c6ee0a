import { Anchor, Badge, Group, Stack, Table, Text, ScrollArea } from '@mantine/core';
import { formatMoney } from '@pxl/contract/format/money';
import type { OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { DetailCard } from './detail-card.tsx';
import { LandingLabel } from './landing-label.tsx';
import { StatusBadge } from './status-badge.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

export function LandingsList({ offer }: { offer: OfferDetail }) {
  if (offer.landings.length === 0)
    return <DetailCard title="Landings" empty="No landings attached." testId="offer-landings" />;
  return (
    <DetailCard title="Landings" testId="offer-landings">
      {offer.landings.map((l) => (
        <Group key={l.uuid} justify="space-between" gap="xs" wrap="nowrap">
          <LandingLabel landing={l} />
          {l.preview_url && (
            <Anchor href={l.preview_url} target="_blank" rel="noreferrer" size="xs" style={{ flexShrink: 0 }}>
              Preview
            </Anchor>
          )}
        </Group>
      ))}
    </DetailCard>
  );
}

export function TrustedList({ offer }: { offer: OfferDetail }) {
  if (offer.trusted.length === 0) return <DetailCard title="Trusted affiliates" empty="None." testId="offer-trusted" />;
  return (
    <DetailCard
      title="Trusted affiliates"
      testId="offer-trusted"
      extra={
        <Badge variant="default" radius="sm">
          {offer.trusted.length}
        </Badge>
      }
    >
      <Group gap={6}>
        {offer.trusted.map((t) => (
          <Badge key={t.uuid} variant="light" color="indigo" radius="sm" tt="none" title={t.email}>
            {t.name}
          </Badge>
        ))}
      </Group>
    </DetailCard>
  );
}

export function NotesCard({ notes }: { notes: string }) {
  return (
    <DetailCard title="Private notes" testId="offer-notes" empty="No notes.">
      {notes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {notes}
        </Text>
      ) : undefined}
    </DetailCard>
  );
}

const hoursText = (wh: OfferDetail['products'][number]['working_hours']) =>
  wh ? `${wh.days.length} ranges, ${wh.time_zone}` : 'Around the clock';

export function ProductsList({ offer }: { offer: OfferDetail }) {
  if (offer.products.length === 0)
    return (
      <DetailCard title="Products" empty="No products: the offer cannot take leads yet." testId="offer-products" />
    );
  return (
    <DetailCard title="Products" testId="offer-products">
      <ScrollArea>
        <PlainTable
          fz="sm"
          verticalSpacing={4}
          miw={640}
          head={['Product', 'Priority / weight', 'Countries', 'Caps (day / total)', 'Hours', 'Payout']}
        >
          {[...offer.products]
            .sort((a, b) => a.priority - b.priority)
            .map((p) => (
              <Table.Tr key={p.product.uuid}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {p.product.name}
                    </Text>
                    <Group gap={4}>
                      <Text size="xs" c="dimmed">
                        {p.advertiser.name}
                      </Text>
                      <StatusBadge status={p.product.status} size="xs" />
                      {!p.product.tested_at && (
                        <Badge size="xs" color="orange" variant="light" radius="sm">
                          Not tested
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {p.priority} / {p.weight}
                </Table.Td>
                <Table.Td>{p.geos.length ? <CountryFlags codes={p.geos} max={3} /> : 'Offer geos'}</Table.Td>
                <Table.Td>
                  {p.caps.daily ?? '∞'} / {p.caps.total ?? '∞'}
                  {p.caps.per_geo.length ? ` +${p.caps.per_geo.length} by country` : ''}
                </Table.Td>
                <Table.Td>{hoursText(p.working_hours)}</Table.Td>
                <Table.Td>
                  {p.payout_override === null ? 'Goal payout' : formatMoney(p.payout_override, offer.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
        </PlainTable>
      </ScrollArea>
    </DetailCard>
  );
}
