import { ScrollArea, Table, Text } from '@mantine/core';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import type { OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { DetailCard } from './detail-card.tsx';
import { goalLabel, PAYMENT_LABELS, payoutText } from './offer-labels.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** Goals with their default and per-country rates, then the per-affiliate overrides. */
export function GoalsTable({ offer }: { offer: OfferDetail }) {
  const currency: Currency = offer.currency;
  if (offer.goals.length === 0)
    return (
      <DetailCard title="Goals & payouts" empty="No goals yet: edit the offer to add them." testId="offer-goals" />
    );
  return (
    <DetailCard title="Goals & payouts" testId="offer-goals">
      <ScrollArea>
        <PlainTable
          fz="sm"
          verticalSpacing={4}
          miw={340}
          withRowBorders
          head={['Goal', 'Country', 'Payout', 'Revenue']}
        >
          {offer.goals.flatMap((g) => [
            <Table.Tr key={g.goal}>
              <Table.Td>
                <Text span size="sm" fw={600}>
                  {goalLabel(g.goal)}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  {PAYMENT_LABELS[g.payment_type]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text span size="sm" c="dimmed">
                  Default
                </Text>
              </Table.Td>
              <Table.Td>{payoutText(g, currency)}</Table.Td>
              <Table.Td>{formatMoney(g.revenue, currency)}</Table.Td>
            </Table.Tr>,
            ...g.geo_rates.map((r) => (
              <Table.Tr key={`${g.goal}-${r.geo}`}>
                <Table.Td />
                <Table.Td>
                  <CountryFlag code={r.geo} />
                </Table.Td>
                <Table.Td>{payoutText({ ...r, payment_type: g.payment_type }, currency)}</Table.Td>
                <Table.Td>{formatMoney(r.revenue, currency)}</Table.Td>
              </Table.Tr>
            )),
          ])}
        </PlainTable>
      </ScrollArea>
      {offer.overrides.length > 0 && (
        <>
          <Text fw={600} size="sm">
            Payout overrides
          </Text>
          <ScrollArea>
            <Table fz="sm" verticalSpacing={4} miw={420}>
              <Table.Tbody>
                {offer.overrides.map((o) => {
                  const type = offer.goals.find((g) => g.goal === o.goal)?.payment_type ?? 'cpa';
                  return (
                    <Table.Tr key={`${o.affiliate.uuid}-${o.goal}-${o.geo ?? ''}`}>
                      <Table.Td>{o.affiliate.name}</Table.Td>
                      <Table.Td>{goalLabel(o.goal)}</Table.Td>
                      <Table.Td>
                        {o.geo ? (
                          <CountryFlag code={o.geo} />
                        ) : (
                          <Text span size="sm" c="dimmed">
                            Every country
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{payoutText({ ...o, payment_type: type }, currency)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
    </DetailCard>
  );
}
