import { Table, Text } from '@mantine/core';
import type { Conversion } from '@pxl/contract/conversions/conversions.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { CONVERSION_STATUS_LABELS, ConversionStatusBadge } from '../logs/labels.tsx';
import { DASH } from '@/components/ui/dash.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

const SOURCE_LABELS: Record<Conversion['history'][number]['source'], string> = {
  postback: 'Advertiser postback',
  staff: 'Staff',
  hold: 'Hold period ended',
  fraud: 'Traffic quality check',
  reconciliation: 'Reconciliation',
  automation: 'Automation rule',
};

/** Every status change of the conversion, oldest first: who or what changed it, and why. */
export function HistoryTable({ history, timeZone }: { history: Conversion['history']; timeZone: string }) {
  return (
    <PlainTable
      empty="No status change recorded."
      withTableBorder
      fz="sm"
      verticalSpacing={6}
      data-testid="conversion-history"
      head={['Time', 'Change', 'By', 'Reason']}
    >
      {history.map((h, i) => (
        <Table.Tr key={`${h.at}-${i}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateLine(h.at, timeZone)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {h.from && (
              <>
                <Text span size="sm" c="dimmed">
                  {CONVERSION_STATUS_LABELS[h.from]}
                </Text>{' '}
                →{' '}
              </>
            )}
            <ConversionStatusBadge status={h.to} />
          </Table.Td>
          <Table.Td>
            {SOURCE_LABELS[h.source]}
            {h.actor ? `: ${h.actor.name || h.actor.email}` : ''}
          </Table.Td>
          <Table.Td style={{ wordBreak: 'break-word' }}>{h.reason || DASH}</Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}
