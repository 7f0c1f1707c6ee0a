import { Button, Checkbox, Group, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ConversionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import type { DataColumn } from '@/components/data-table/index.ts';
import { isInvoiceable, togglePage, togglePick } from './invoice-picks.ts';

/** The tick column: only conversions an invoice can be made of can be ticked. */
export const pickColumn = (
  picked: readonly string[],
  onChange: (next: string[]) => void,
): DataColumn<ConversionLogRow> => ({
  key: 'pick',
  header: 'Invoice',
  width: 60,
  exportable: false,
  render: (r) => (
    <Checkbox
      size="xs"
      aria-label={`Tick conversion ${r.uuid.slice(0, 8)}`}
      disabled={!isInvoiceable(r)}
      title={isInvoiceable(r) ? undefined : 'Only approved, unpaid conversions go into an invoice'}
      checked={picked.includes(r.uuid)}
      onChange={() => onChange(togglePick(picked, r.uuid))}
    />
  ),
});

/** "Create invoice" of the ticked conversions: the invoice form takes them in the navigation state. */
export function InvoicePickBar({
  picked,
  rows,
  onChange,
}: {
  picked: string[];
  rows: readonly ConversionLogRow[];
  onChange: (next: string[]) => void;
}) {
  const navigate = useNavigate();
  return (
    <Group gap="sm" data-testid="invoice-pick-bar">
      <Button size="xs" variant="default" onClick={() => onChange(togglePage(picked, rows))}>
        Tick approved on this page
      </Button>
      <Text size="sm" c="dimmed">
        {picked.length} ticked
      </Text>
      {picked.length > 0 && (
        <Button size="xs" variant="subtle" onClick={() => onChange([])}>
          Clear
        </Button>
      )}
      <Button
        size="xs"
        leftSection={<IconFileInvoice size={14} />}
        disabled={picked.length === 0}
        onClick={() => navigate('/billing/invoice-create', { state: { conversion_uuids: picked } })}
      >
        Create invoice
      </Button>
    </Group>
  );
}
