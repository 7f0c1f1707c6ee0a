import { useMemo, useState } from 'react';
import { DISTRIBUTION_SORTS, DISTRIBUTION_STATUSES, type Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { DataTable, FilterSelect, useDataList, type ListConfig } from '@/components/data-table/index.ts';
import { statusLabel, statusOptions } from '@/lib/labels.ts';
import { listDistributions, useDistributions } from '../api/distributions.ts';
import { DistributionRowActions } from './distribution-actions.tsx';
import { distributionColumns } from './distribution-columns.tsx';
import { DistributionForm } from './distribution-form.tsx';

const LIST: ListConfig = { filters: ['status'], sorts: DISTRIBUTION_SORTS, defaultSort: 'created_at' };
const STATUS_OPTIONS = statusOptions(DISTRIBUTION_STATUSES.filter((s) => s !== 'deleted'));
const LABELS = { status: (v: string) => `Status: ${statusLabel(v)}` };

/** Distributions with their counters; running ones are asked again every few seconds. */
export function DistributionsTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useDistributions, listDistributions, 're-cold-api');
  const [editing, setEditing] = useState<Distribution | null>(null);
  const columns = useMemo(() => distributionColumns(timeZone), [timeZone]);
  return (
    <>
      <DataTable<Distribution>
        listId="cold-distributions"
        {...table}
        columns={columns}
        rowKey={(d) => d.uuid}
        searchPlaceholder="Title"
        filters={<FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={140} />}
        filterLabels={LABELS}
        rowActions={(d) => <DistributionRowActions d={d} onEdit={() => setEditing(d)} />}
        minWidth={1200}
      />
      {editing && (
        <DistributionForm
          key={editing.uuid}
          distribution={editing}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
