import { Table, Text } from '@mantine/core';
import { formatCount } from '@/lib/format/numbers.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { useImportApplies } from '../api/import-applies.ts';

/** Who applied what of the import and when, newest first. */
export function ImportApplies({ uuid, timeZone }: { uuid: string; timeZone: string }) {
  const applies = useImportApplies(uuid);
  const list = applies.data?.items ?? [];
  if (applies.isError) {
    return (
      <Text size="sm" c="dimmed">
        The applies could not be loaded.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <PlainTable
        fz="sm"
        striped
        verticalSpacing={6}
        data-testid="import-applies"
        empty={applies.isPending ? '' : 'Nothing applied yet.'}
        head={[
          'When',
          'By',
          { label: 'Rows applied', ta: 'right' },
          { label: 'Conversions changed', ta: 'right' },
          { label: 'Conversions created', ta: 'right' },
          { label: 'Invoice adjustments', ta: 'right' },
        ]}
      >
        {list.map((a) => (
          <Table.Tr key={a.uuid}>
            <Table.Td>
              <DateCell value={a.created_at} timeZone={timeZone} />
            </Table.Td>
            <Table.Td>{a.by?.name ?? '—'}</Table.Td>
            <Table.Td ta="right">{formatCount(a.applied)}</Table.Td>
            <Table.Td ta="right">{formatCount(a.conversions_changed)}</Table.Td>
            <Table.Td ta="right">{formatCount(a.conversions_created)}</Table.Td>
            <Table.Td ta="right">{formatCount(a.adjustments)}</Table.Td>
          </Table.Tr>
        ))}
      </PlainTable>
    </Table.ScrollContainer>
  );
}
