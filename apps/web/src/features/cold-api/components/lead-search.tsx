import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconList, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COLD_ADD_MAX, type ColdLead, type ColdSource, type LeadList } from '@pxl/contract/cold-api/cold.schemas';
import { queryProps, DataTable, useListState, type ListConfig } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useColdOptions } from '../api/distributions.ts';
import { searchColdLeads, useAddLeads, useColdSearch } from '../api/lead-lists.ts';
import { AddJobProgress } from './add-job-progress.tsx';
import { detailsPath, SOURCE_LABELS } from './cold-labels.tsx';
import { leadColumns, selectColumn } from './lead-columns.tsx';
import { filterLabels, recordOptions, SEARCH_FILTERS, SearchFilters } from './search-filters.tsx';
import { savedFilters, searchFilters } from './search-query.ts';
import { PageSelection } from './page-selection.tsx';
import { useSelection } from './use-selection.ts';
import { formatCount } from '@/lib/format/numbers.ts';

const LIST: ListConfig = { filters: SEARCH_FILTERS };

/** The add page of a list: filter stored leads, tick some and add them, or add every lead of the filter. */
export function LeadSearch({
  leadList,
  source,
  timeZone,
}: {
  leadList: LeadList;
  source: ColdSource;
  timeZone: string;
}) {
  const list = useListState(LIST);
  const options = useColdOptions();
  const selection = useSelection();
  const add = useAddLeads(leadList.uuid);
  const [startedJob, setStartedJob] = useState<string | null>(null);
  const { update } = list;
  const urlHasFilters = Object.keys(list.state.filters).length > 0;

  // A list opens with the filters last used on it, unless the link carries its own. Until the URL holds them the
  // search already uses them, so the page asks once instead of searching everything first.
  const [prefill, setPrefill] = useState<Record<string, string> | null>(() => {
    const saved = savedFilters(leadList.filters, source);
    return !urlHasFilters && Object.keys(saved).length ? saved : null;
  });
  // Once the URL holds filters (these, or ones the user set) they are the search's, for good.
  if (prefill && urlHasFilters) setPrefill(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!prefill || urlHasFilters || asked.current) return;
    asked.current = true;
    update({ filters: prefill }, { replace: true });
  }, [prefill, urlHasFilters, update]);
  const state = useMemo(() => (prefill ? { ...list.state, filters: prefill } : list.state), [prefill, list.state]);

  const filters = useMemo(() => searchFilters(state, timeZone), [state, timeZone]);
  const query = useMemo(() => ({ ...filters, page: state.page, count: state.count }), [filters, state]);
  const found = useColdSearch(source, query);

  const records = useMemo(() => recordOptions(options.data), [options.data]);
  const labels = useMemo(() => filterLabels(records), [records]);
  const columns = useMemo(
    () => [selectColumn<ColdLead>(selection), ...leadColumns<ColdLead>(source, timeZone)],
    [selection, source, timeZone],
  );
  const fetchPage = useCallback(
    (page: number, count: number) => searchColdLeads(source, { ...filters, page, count }),
    [source, filters],
  );
  const rows = found.data?.list ?? [];
  const total = found.data?.count ?? 0;
  const running = leadList.job?.state === 'running';
  const job = leadList.job && (running || leadList.job.uuid === startedJob) ? leadList.job : null;

  const addTicked = () =>
    add.mutate(
      { source, lead_uuids: selection.uuids() },
      {
        onSuccess: (r) => {
          notifySuccess(`${formatCount(r.added)} leads added to ${leadList.title}`);
          selection.clear();
        },
      },
    );
  const addAll = () =>
    add.mutate(
      { source, filters },
      {
        onSuccess: (r) => {
          if (r.job) setStartedJob(r.job.uuid);
          else notifySuccess(`${formatCount(r.added)} leads added to ${leadList.title}`);
        },
      },
    );

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="lg">
            <Text fw={600}>{leadList.title}</Text>
            <Text size="sm" c="dimmed" data-testid="list-counts">
              {formatCount(leadList.leads)} leads · {formatCount(leadList.user_sessions)} user sessions ·{' '}
              {formatCount(leadList.conversions)} conversions
            </Text>
          </Group>
          <Anchor component={Link} to={detailsPath(leadList.uuid, source)} size="sm">
            <Group gap={4}>
              <IconList size={16} />
              Open the list
            </Group>
          </Anchor>
        </Group>
      </Paper>
      {job && <AddJobProgress job={job} />}
      <SearchFilters list={list} source={source} options={options.data} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <PageSelection selection={selection} page={rows} clearable />
        <Group gap="xs">
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={selection.size === 0}
            loading={add.isPending && selection.size > 0}
            onClick={addTicked}
          >
            Add selected ({formatCount(selection.size)})
          </Button>
          <Button
            variant="light"
            disabled={total === 0 || running}
            loading={add.isPending && selection.size === 0}
            onClick={addAll}
          >
            Add all {found.data?.count_capped ? `${formatCount(Math.min(total, COLD_ADD_MAX))}+` : formatCount(total)}{' '}
            matching
          </Button>
        </Group>
      </Group>
      <DataTable<ColdLead>
        listId={`cold-search-${source}`}
        {...queryProps(found)}
        columns={columns}
        list={list}
        rowKey={(r) => r.uuid}
        searchPlaceholder="Email, phone, IP or lead ID"
        filterLabels={labels}
        exportSource={{ filename: `cold-${SOURCE_LABELS[source].toLowerCase().replace(' ', '-')}`, fetchPage }}
        minWidth={1200}
      />
    </Stack>
  );
}
