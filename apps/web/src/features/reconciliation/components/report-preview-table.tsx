import { ScrollArea, Table, Text } from '@mantine/core';
import type { ReconField, ReconMapping, ReconRowData } from '@pxl/contract/reconciliation/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { DASH } from '@/components/ui/dash.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { minorToText } from '@/lib/money.ts';
import { cellErrors, FIELD_LABELS, mappedFields, STATUS_LABELS, type ReportPreview } from './upload-values.ts';

/** A normalised value as the import will hold it: our status word, the amount in major units, the date in the zone. */
function shown(data: ReconRowData, field: ReconField, timeZone: string): string | null {
  switch (field) {
    case 'status':
      return data.status && STATUS_LABELS[data.status];
    case 'amount':
      return data.amount === null ? null : minorToText(data.amount);
    case 'date':
      return data.date && formatDateLine(data.date, timeZone);
    default:
      return data[field];
  }
}

/**
 * The preview's first rows with the mapping applied: per mapped field the value read, or the file's text and why it
 * could not be read, in its cell.
 */
export function ReportPreviewTable({
  rows,
  mapping,
  timeZone,
}: {
  rows: ReportPreview['rows'];
  mapping: ReconMapping;
  timeZone: string;
}) {
  const fields = mappedFields(mapping);
  return (
    <ScrollArea>
      <PlainTable
        striped
        verticalSpacing={6}
        fz="sm"
        miw={640}
        data-testid="report-preview"
        head={['Row', ...fields.map((f) => FIELD_LABELS[f])]}
      >
        {rows.map(({ data, errors }) => {
          const bad = cellErrors(errors, fields);
          return (
            <Table.Tr key={data.line} data-line={data.line} data-invalid={errors.length > 0 || undefined}>
              <Table.Td>
                {data.line}
                {bad.row.map((m) => (
                  <Text key={m} size="xs" c="red.8" data-testid="cell-error">
                    {m}
                  </Text>
                ))}
              </Table.Td>
              {fields.map((field) => {
                const error = bad.cells[field];
                const raw = data.raw[mapping.columns[field] ?? ''];
                return (
                  <Table.Td key={field} data-field={field} bg={error ? 'red.0' : undefined}>
                    {error ? (
                      <>
                        <Text span size="sm" style={{ wordBreak: 'break-word' }}>
                          {raw || DASH}
                        </Text>
                        <Text size="xs" c="red.8" data-testid="cell-error">
                          {error}
                        </Text>
                      </>
                    ) : (
                      (shown(data, field, timeZone) ?? DASH)
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          );
        })}
      </PlainTable>
    </ScrollArea>
  );
}
