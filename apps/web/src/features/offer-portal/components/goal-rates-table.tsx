import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { GoalPaymentType } from '@pxl/contract/offers/offers.schemas';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { labelOf, PAYMENT_TYPE_LABELS } from './offer-labels.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';

type GoalRow = { goal: string; payment_type: GoalPaymentType; geo_rates: { geo: string }[] };

/** Goals with one amount each: the default row, then a row per country with its own rate. */
export function GoalRatesTable<G extends GoalRow>({
  goals,
  goalLabels,
  header,
  amount,
  rateAmount,
}: {
  goals: G[];
  goalLabels: Record<string, string>;
  /** "Payout" for the affiliate, "Revenue" for the advertiser. */
  header: string;
  amount: (goal: G) => string;
  rateAmount: (goal: G, rate: G['geo_rates'][number]) => string;
}) {
  if (goals.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No goals are set on this offer yet.
      </Text>
    );
  return (
    <ScrollArea>
      <PlainTable
        verticalSpacing={6}
        fz="sm"
        miw={320}
        aria-label={`Goals and ${header.toLowerCase()}`}
        head={['Goal', 'Country', { label: header, ta: 'right' }]}
      >
        {goals.flatMap((g) => [
          <Table.Tr key={g.goal}>
            <Table.Td rowSpan={g.geo_rates.length + 1} style={{ verticalAlign: 'top' }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {labelOf(goalLabels, g.goal)}
                </Text>
                <Badge size="xs" variant="light" color="gray" radius="sm">
                  {PAYMENT_TYPE_LABELS[g.payment_type]}
                </Badge>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {g.geo_rates.length ? 'Other countries' : 'Every country'}
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {amount(g)}
            </Table.Td>
          </Table.Tr>,
          ...g.geo_rates.map((r) => (
            <Table.Tr key={`${g.goal}-${r.geo}`}>
              <Table.Td>
                <CountryFlag code={r.geo} />
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {rateAmount(g, r)}
              </Table.Td>
            </Table.Tr>
          )),
        ])}
      </PlainTable>
    </ScrollArea>
  );
}
