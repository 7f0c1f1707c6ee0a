import { Table, Text } from '@mantine/core';
import type { ReferralSummary } from '@pxl/contract/billing/referrals.schemas';
import { formatDate } from '@pxl/contract/format/date';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** Who signed up with the link: their ID and day only, never their contact details (docs/product/billing.md). */
export function ReferredList({ referred }: { referred: ReferralSummary['referred'] }) {
  if (!referred.length)
    return (
      <Text size="sm" c="dimmed">
        Nobody has signed up with your link yet.
      </Text>
    );
  return (
    <PlainTable verticalSpacing={6} data-testid="referred-list" head={['Affiliate ID', 'Signed up']}>
      {referred.map((r) => (
        <Table.Tr key={r.uuid}>
          <Table.Td ff="monospace" fz="sm">
            {r.uuid}
          </Table.Td>
          <Table.Td>{formatDate(r.joined_at).date}</Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}
