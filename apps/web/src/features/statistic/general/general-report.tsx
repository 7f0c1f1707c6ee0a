import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { GENERAL_SORTS, type StatDimension, type StatKey } from '@pxl/contract/statistic/index';
import { useListState, type ListConfig } from '@/components/data-table/index.ts';
import { useChart } from '../api/get-chart.ts';
import { useGeneral } from '../api/get-general.ts';
import { StatFilterBar, useStatFilters, type StatSetup } from '../filters/index.ts';
import { withListValue, writeStatFilters, type ListFilter } from '../filters/filter-state.ts';
import { dimensionsFor, FILTER_OF_DIMENSION, parseGroup } from './dimensions.ts';
import { GeneralTable } from './general-table.tsx';
import { GroupPicker } from './group-picker.tsx';
import { metricsFor } from './metrics.ts';
import { TotalsSummary } from './totals-summary.tsx';

// The charting library is the bulk of this screen's code: the figures and the table need not wait for it.
const GeneralChart = lazy(() => import('./general-chart.tsx').then((m) => ({ default: m.GeneralChart })));

const LIST: ListConfig = { sorts: GENERAL_SORTS, defaultSort: 'key', defaultOrder: 'asc' };

/**
 * General statistics of one kind (direct link or API): filters, grouping by one or two dimensions, the totals
 * (against the previous period on request), a chart of a chosen metric and the table. Everything is in the URL.
 */
export function GeneralReport({ setup }: { setup: StatSetup }) {
  const filters = useStatFilters(setup);
  const list = useListState(LIST);
  const [params, setParams] = useSearchParams();
  const { role, kind } = setup;
  const dimensions = useMemo(() => dimensionsFor(role, kind), [role, kind]);
  const groupParam = params.get('group');
  const groups = useMemo(() => parseGroup(groupParam, dimensions), [groupParam, dimensions]);
  const compare = params.get('compare') === 'true';
  const { page, count, sort, order } = list.state;
  const query = useMemo(
    () => ({
      ...filters.query,
      group: groups.join(','),
      sort: sort ?? 'key',
      order,
      page,
      count,
      ...(compare ? { compare: 'true' } : {}),
    }),
    [filters.query, groups, sort, order, page, count, compare],
  );
  const report = useGeneral(query);
  const chart = useChart(filters.query);
  const metrics = useMemo(() => metricsFor(role, kind, report.data?.totals), [role, kind, report.data?.totals]);
  const chartMetric = metrics.find((m) => m.key === params.get('metric')) ?? metrics[0];

  const setParam = (key: string, value: string | undefined, resetPage = false) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (resetPage) next.delete('page');
      return next;
    });
  const {
    state: filterState,
    setup: { defaultTimeZone },
  } = filters;
  // A day narrows the period to itself and shows it by hour; any other value becomes a filter.
  const onPick = useCallback(
    (key: StatKey) =>
      setParams((current) => {
        const target = FILTER_OF_DIMENSION[key.dimension];
        if (key.dimension === 'day') {
          const next = writeStatFilters(
            { ...filterState, date_from: key.value, date_to: key.value },
            current,
            defaultTimeZone,
          );
          next.set('group', [...new Set(groups.map((g): StatDimension => (g === 'day' ? 'hour' : g)))].join(','));
          return next;
        }
        if (!target) return current;
        const state = target.startsWith('sub')
          ? { ...filterState, subs: { ...filterState.subs, [target]: key.value } }
          : withListValue(filterState, target as ListFilter, key.value, true);
        return writeStatFilters(state, current, defaultTimeZone);
      }),
    [setParams, filterState, defaultTimeZone, groups],
  );

  return (
    <Stack gap="md">
      <StatFilterBar filters={filters}>
        <GroupPicker
          dimensions={dimensions}
          groups={groups}
          onGroups={(g) => setParam('group', g.join(','), true)}
          compare={compare}
          onCompare={(on) => setParam('compare', on ? 'true' : undefined)}
        />
      </StatFilterBar>
      {report.data && <TotalsSummary report={report.data} metrics={metrics} />}
      {chartMetric && (
        <Suspense fallback={<Skeleton h={270} radius="md" />}>
          <GeneralChart
            chart={chart.data}
            loading={chart.isPending}
            failed={chart.isError}
            metrics={metrics}
            metric={chartMetric}
            onMetric={(m) => setParam('metric', m === metrics[0]?.key ? undefined : m)}
          />
        </Suspense>
      )}
      <GeneralTable
        listId={`statistic-general-${kind}`}
        filename={`statistic-${kind === 'api' ? 'api' : 'direct-link'}-general`}
        query={query}
        list={list}
        report={report.data}
        loading={report.isPending}
        failed={report.isError}
        stale={report.isPlaceholderData}
        onRetry={() => void report.refetch()}
        groups={groups}
        metrics={metrics}
        onPick={onPick}
      />
    </Stack>
  );
}
