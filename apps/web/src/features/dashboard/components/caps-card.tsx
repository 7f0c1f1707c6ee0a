import { Paper, Progress, Table, Text } from '@mantine/core';
import type { Dashboard } from '@pxl/contract/statistic/index';
import { formatCount } from '@/lib/format/numbers.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';

type Cap = NonNullable<Dashboard['caps_near_full']>[number];

const PERIODS: Record<string, string> = { day: 'per day', week: 'per week', month: 'per month', total: 'in total' };

/**
 * Staff: caps at 80 % of their limit or more, fullest first (the server picks and orders them). The offer is plain
 * text: its detail route depends on its kind, which the summary does not carry, and team leads have no offers screen.
 */
export function CapsCard({ caps }: { caps: Cap[] }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="caps-near-full">
      <Text fw={700} mb="xs">
        Caps near full
      </Text>
      {caps.length === 0 ? (
        <Text c="dimmed" size="sm">
          No cap is at 80 % of its limit or more.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <PlainTable verticalSpacing={6} head={['Offer', 'Cap', 'Affiliate', { label: 'Used', w: 180 }]}>
            {caps.map((c, i) => {
              const share = Math.round((c.used / c.limit) * 100);
              return (
                <Table.Tr key={`${c.offer.uuid}-${i}`}>
                  <Table.Td>
                    <Text size="sm">
                      #{c.offer.id} {c.offer.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatCount(c.limit)} {c.metric} {PERIODS[c.period] ?? c.period}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{c.affiliate?.name ?? 'All affiliates'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {formatCount(c.used)} / {formatCount(c.limit)} ({share}%)
                    </Text>
                    <Progress value={Math.min(share, 100)} color={share >= 100 ? 'red' : 'orange'} size="sm" />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </PlainTable>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
