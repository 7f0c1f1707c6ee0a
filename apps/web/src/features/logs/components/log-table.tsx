import { useState } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@pxl/contract/http/messages';
import { cutText } from '@pxl/contract/format/text';
import type { LogEntry } from '@pxl/contract/log/log.schemas';
import { DateCell } from '../../../components/ui/date-cell.tsx';
import { useLogList } from '../api/get-log-list.ts';
import { actionLabel, LogFiltersBar, type LogFilters } from './log-filters.tsx';

const detailsText = (details: LogEntry['details']): string =>
  Object.entries(details).map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`).join(', ');

/** The audit log (GET /api/log/v1/list): own actions; admin and head see everyone's. */
export function LogTable({ timeZone }: { timeZone: string }) {
  const [filters, setFilters] = useState<LogFilters>({});
  const [page, setPage] = useState(1);
  const list = useLogList({ page, count: DEFAULT_PAGE_SIZE, ...filters });
  const rows = list.data?.list ?? [];
  const total = list.data?.count;
  const hasNext = total !== undefined && page * DEFAULT_PAGE_SIZE < total;

  return (
    <Stack gap="md">
      <LogFiltersBar value={filters} onChange={(next) => { setFilters(next); setPage(1); }} />
      <Paper withBorder radius="md">
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th><Table.Th>Action</Table.Th><Table.Th>By</Table.Th>
                <Table.Th>Subject</Table.Th><Table.Th>IP</Table.Th><Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.uuid}>
                  <Table.Td><DateCell value={entry.created_at} timeZone={timeZone} /></Table.Td>
                  <Table.Td>{actionLabel(entry.action)}</Table.Td>
                  <Table.Td>{entry.actor?.email ?? '—'}</Table.Td>
                  <Table.Td>{entry.subject?.email ?? '—'}</Table.Td>
                  <Table.Td>{entry.ip ?? '—'}</Table.Td>
                  <Table.Td title={detailsText(entry.details)}>{cutText(detailsText(entry.details), 40)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {!list.isPending && rows.length === 0 && <Text c="dimmed" p="md">No records for these filters.</Text>}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">Page {page}{total !== undefined ? ` of ${Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE))}` : ''}</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <Button variant="default" size="xs" disabled={!hasNext} onClick={() => setPage(page + 1)}>Next</Button>
        </Group>
      </Group>
    </Stack>
  );
}
