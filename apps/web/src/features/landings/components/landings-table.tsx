import { useCallback, useMemo } from 'react';
import { LANDING_SORTS, type Landing } from '@pxl/contract/landings/landings.schemas';
import {
  DataTable,
  DateRangeFilter,
  FilterSelect,
  rangeFilterLabels,
  useDataList,
  type ListConfig,
} from '@/components/data-table/index.ts';
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

const LIST: ListConfig = {
  filters: ['type', 'status', 'privacy', 'language', 'created_from', 'created_to'],
  sorts: LANDING_SORTS,
  defaultSort: 'created_at',
};

/** The landings and pre-landings of the network; deleted ones only with the status filter. */
export function LandingsTable({ timeZone, languages }: { timeZone: string; languages: Option[] }) {
  const { list, table } = useDataList(LIST, useLandings, listLandings, 'landings');
  const languageName = useCallback(
    (code: string) => languages.find((o) => o.value === code)?.label ?? code,
    [languages],
  );
  const columns = useMemo(() => landingColumns(timeZone, languageName), [timeZone, languageName]);
  const labels = {
    type: (v: string) => `Type: ${labelOf(TYPE_LABELS, v)}`,
    status: (v: string) => `Status: ${labelOf(STATUS_LABELS, v)}`,
    privacy: (v: string) => `Privacy: ${labelOf(PRIVACY_LABELS, v)}`,
    language: (v: string) => `Language: ${languageName(v)}`,
    ...rangeFilterLabels('Created'),
  };
  return (
    <DataTable<Landing>
      listId="landings"
      {...table}
      columns={columns}
      rowKey={(l) => l.uuid}
      searchPlaceholder="ID, name or URL"
      filters={
        <>
          <FilterSelect list={list} name="type" label="Type" data={TYPE_OPTIONS} w={140} />
          <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={140} />
          <FilterSelect list={list} name="privacy" label="Privacy" data={PRIVACY_OPTIONS} w={120} />
          <FilterSelect list={list} name="language" label="Language" data={languages} searchable w={160} />
          <DateRangeFilter list={list} label="Created" />
        </>
      }
      filterLabels={labels}
      rowActions={(l) => <LandingRowActions landing={l} />}
      minWidth={1100}
    />
  );
}
