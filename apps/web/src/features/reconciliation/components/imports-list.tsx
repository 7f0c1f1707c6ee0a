import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { DataTable, useDataList, type ListConfig, type ListStateApi } from '@/components/data-table/index.ts';
import { AdvertiserSelect } from '@/components/pickers/advertiser-picker.tsx';
import { useChosenAdvertiser } from '@/lib/queries/advertiser-options.ts';
import { listImports, useImports } from '../api/list-imports.ts';
import { DiscrepancyChart } from './discrepancy-chart.tsx';
import { importColumns, type ImportRow } from './import-columns.tsx';

export const IMPORT_LIST: ListConfig = { filters: ['advertiser_uuid'] };

/** The advertiser filter: its UUID lives in the URL and is named after a reload. */
function AdvertiserFilter({ list, label }: { list: ListStateApi; label: string | null }) {
  const value = list.state.filters.advertiser_uuid ?? null;
  return (
    <AdvertiserSelect
      value={value}
      known={value && label ? [{ value, label }] : []}
      placeholder="All advertisers"
      w={280}
      onChange={(uuid) => list.update({ filters: { advertiser_uuid: uuid ?? undefined } })}
    />
  );
}

/**
 * The imports of advertisers' reports, newest first, paged; with an advertiser chosen, its discrepancy per period
 * above the list (docs/product/reconciliation.md).
 */
export function ImportsList({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(IMPORT_LIST, useImports, listImports, 'reconciliation-imports');
  const columns = useMemo(() => importColumns(timeZone), [timeZone]);
  const advertiser = list.state.filters.advertiser_uuid;
  const chosen = useChosenAdvertiser(advertiser);
  return (
    <Stack gap="md">
      <AdvertiserFilter list={list} label={chosen?.label ?? null} />
      {advertiser && <DiscrepancyChart advertiserUuid={advertiser} name={chosen?.label ?? null} />}
      <DataTable<ImportRow>
        listId="reconciliation-imports"
        columns={columns}
        {...table}
        rowKey={(r) => r.uuid}
        searchable={false}
        filterLabels={{ advertiser_uuid: (v) => `Advertiser: ${chosen?.value === v ? chosen.label : v}` }}
        minWidth={900}
      />
    </Stack>
  );
}
