import { Table, Text } from '@mantine/core';
import type { ReferralSummary } from '@pxl/contract/billing/referrals.schemas';
import { formatDate } from '@pxl/contract/format/date';

/** Who signed up with the link: their ID and day only, never their contact details (docs/product/billing.md). */
export function ReferredList({ referred }: { referred: ReferralSummary['referred'] }) {
  if (!referred.length)
    return (
      <Text size="sm" c="dimmed">
        Nobody has signed up with your link yet.
      </Text>
    );
  return (
    <Table verticalSpacing={6} data-testid="referred-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Affiliate ID</Table.Th>
          <Table.Th>Signed up</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {referred.map((r) => (
          <Table.Tr key={r.uuid}>
            <Table.Td ff="monospace" fz="sm">
              {r.uuid}
            </Table.Td>
            <Table.Td>{formatDate(r.joined_at).date}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
