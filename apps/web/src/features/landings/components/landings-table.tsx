import { useCallback, useMemo } from 'react';
import { LANDING_SORTS, type Landing } from '@pxl/contract/landings/landings.schemas';
import { createdList, DataTable, ListFilters, listFilterLabels, useDataList } from '@/components/data-table/index.ts';
import type { SelectFilter } from '@/components/data-table/index.ts';
import { listLandings, useLandings } from '../api/list-landings.ts';
import { landingColumns } from './landing-columns.tsx';
import {
  PRIVACY_LABELS,
  PRIVACY_OPTIONS,
  STATUS_LABELS,
  STATUS_OPTIONS,
  TYPE_LABELS,
  TYPE_OPTIONS,
  labelOf,
} from './landing-labels.ts';
import { LandingRowActions } from './landing-row-actions.tsx';
import type { Option } from '@pxl/contract/constants/options';

const LIST = createdList(['type', 'status', 'privacy', 'language'], LANDING_SORTS, 'created_at');

/** The landings and pre-landings of the network; deleted ones only with the status filter. */
export function LandingsTable({ timeZone, languages }: { timeZone: string; languages: Option[] }) {
  const { list, table } = useDataList(LIST, useLandings, listLandings, 'landings');
  const languageName = useCallback(
    (code: string) => languages.find((o) => o.value === code)?.label ?? code,
    [languages],
  );
  const columns = useMemo(() => landingColumns(timeZone, languageName), [timeZone, languageName]);
  const selects: SelectFilter[] = [
    { name: 'type', label: 'Type', data: TYPE_OPTIONS, w: 140, text: (v) => labelOf(TYPE_LABELS, v) },
    { name: 'status', label: 'Status', data: STATUS_OPTIONS, w: 140, text: (v) => labelOf(STATUS_LABELS, v) },
    { name: 'privacy', label: 'Privacy', data: PRIVACY_OPTIONS, w: 120, text: (v) => labelOf(PRIVACY_LABELS, v) },
    { name: 'language', label: 'Language', data: languages, searchable: true, w: 160, text: languageName },
  ];
  return (
    <DataTable<Landing>
      listId="landings"
      {...table}
      columns={columns}
      rowKey={(l) => l.uuid}
      searchPlaceholder="ID, name or URL"
      filters={<ListFilters list={list} selects={selects} range="Created" />}
      filterLabels={listFilterLabels(selects, 'Created')}
      rowActions={(l) => <LandingRowActions landing={l} />}
      minWidth={1100}
    />
  );
}
