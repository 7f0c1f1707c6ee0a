import { Anchor, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '@pxl/contract/statistic/index';
import { formatMinor } from '@/lib/money.ts';
import { statisticLink } from '../figures.ts';
import { formatCount } from '@/lib/format/numbers.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';

type Row = Dashboard['top_offers'][number];

const money = (map: Record<string, number> | undefined) => {
  const entries = Object.entries(map ?? {}).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([c, v]) => formatMinor(v, c)).join('; ') : '—';
};

/**
 * The first five by conversions over the last 30 days, each linking to the general statistics filtered by it.
 * The money column is revenue where the role sees it, else payout (affiliates).
 */
export function TopTable({
  title,
  rows,
  filter,
  range,
  testId,
}: {
  title: string;
  rows: Row[];
  filter: 'offer' | 'affiliate';
  range: { from: string; to: string };
  testId: string;
}) {
  const moneyKey = rows.some((r) => r.metrics.revenue !== undefined) ? 'revenue' : 'payout';
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fw={700} mb="xs">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No traffic in the last 30 days
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <PlainTable
            verticalSpacing={6}
            striped
            head={[
              filter === 'offer' ? 'Offer' : 'Affiliate',
              { label: 'Clicks', ta: 'right' },
              { label: 'Conversions', ta: 'right' },
              { label: moneyKey === 'revenue' ? 'Revenue' : 'Payout', ta: 'right' },
            ]}
          >
            {rows.map((r) => (
              <Table.Tr key={r.uuid}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    size="sm"
                    to={statisticLink(filter, r.uuid, range, filter === 'offer' && (r.metrics.leads ?? 0) > 0)}
                  >
                    {r.label}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatCount(r.metrics.clicks)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.metrics.conversions)}</Table.Td>
                <Table.Td ta="right">{money(r.metrics[moneyKey])}</Table.Td>
              </Table.Tr>
            ))}
          </PlainTable>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
