import type { ReactNode } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { activeFilterCount } from './list-state.ts';
import type { ListStateApi } from './use-list-state.ts';
import { useColumnVisibility } from './use-column-visibility.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { EmptyState } from './empty-state.tsx';
import { ExportButton, type ExportSource } from './export-button.tsx';
import { SearchBox } from './search-box.tsx';
import { ariaSortOf, SortHeader } from './sort-header.tsx';
import { TableBody } from './table-body.tsx';
import { TablePager } from './table-pager.tsx';
import classes from './data-table.module.css';
import { sortFieldOf, type DataColumn } from './types.ts';

export type DataTableProps<Row> = {
  /** Names the list; the column chooser is remembered under it. */
  listId: string;
  columns: readonly DataColumn<Row>[];
  list: ListStateApi;
  /** `count_capped`: the server stopped counting at `count` (big logs); the pager says "10,000+". */
  data: { list: Row[]; count: number; count_capped?: boolean } | undefined;
  loading: boolean;
  /** The list request failed: say so (with a retry) instead of "Nothing found". */
  failed?: boolean;
  onRetry?: () => void;
  /** Lists whose endpoint has no free-text search hide the box. */
  searchable?: boolean;
  /** Rows shown are from the previous query while the new one loads (dimmed). */
  stale?: boolean;
  rowKey: (row: Row) => string;
  searchPlaceholder?: string;
  /** Filter inputs shown next to the search box. */
  filters?: ReactNode;
  /** How the active filters read in the empty state, e.g. { status: (v) => `Status: ${v}` }. */
  filterLabels?: Record<string, (value: string) => string>;
  rowActions?: (row: Row) => ReactNode;
  renderExpanded?: (row: Row) => ReactNode;
  exportSource?: ExportSource<Row>;
  minWidth?: number;
  /** A row under the others (e.g. totals), drawn for the visible columns. */
  footer?: (columns: readonly DataColumn<Row>[]) => ReactNode;
};

/** The one list of the app: server-side paging, sorting, search and filters in the URL. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    listId,
    columns,
    list,
    data,
    loading,
    rowKey,
    filters,
    filterLabels = {},
    rowActions,
    renderExpanded,
    exportSource,
  } = props;
  const { state, update, reset } = list;
  const { visibleKeys, visibleColumns, setVisible } = useColumnVisibility(listId, columns);
  const active = [
    ...(state.search ? [`Search: "${state.search}"`] : []),
    ...Object.entries(state.filters).map(([key, value]) => filterLabels[key]?.(value) ?? `${key}: ${value}`),
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: 1 }}>
          {props.searchable !== false && (
            <SearchBox
              value={state.search}
              placeholder={props.searchPlaceholder ?? 'Search'}
              onSearch={(search) => update({ search }, { replace: true })}
            />
          )}
          {filters}
        </Group>
        <Group gap="xs">
          {exportSource && <ExportButton source={exportSource} columns={visibleColumns} />}
          <ColumnChooser columns={columns} visibleKeys={visibleKeys} onToggle={setVisible} />
        </Group>
      </Group>
      <Paper
        withBorder
        radius="md"
        style={{ opacity: props.stale ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={props.stale || undefined}
      >
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing={8} fz="sm" miw={props.minWidth ?? 800} data-list={listId}>
            <Table.Thead>
              <Table.Tr>
                {renderExpanded && <Table.Th w={36} />}
                {visibleColumns.map((column) => {
                  const field = sortFieldOf(column as DataColumn<never>);
                  return (
                    <Table.Th
                      key={column.key}
                      w={column.width}
                      style={{ whiteSpace: 'nowrap' }}
                      aria-sort={field ? ariaSortOf(field, state.sort, state.order) : undefined}
                    >
                      {field ? (
                        <SortHeader
                          label={column.header}
                          field={field}
                          sort={state.sort}
                          order={state.order}
                          onSort={(sort, order) => update({ sort, order })}
                        />
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
                {rowActions && <Table.Th w={48} aria-label="Actions" className={classes.actions} />}
              </Table.Tr>
            </Table.Thead>
            <TableBody
              rows={data?.list ?? []}
              columns={visibleColumns}
              rowKey={rowKey}
              loading={loading}
              skeletonRows={Math.min(state.count, 8)}
              rowActions={rowActions}
              renderExpanded={renderExpanded}
              empty={
                props.failed ? (
                  <Group gap="sm" py="md" justify="center">
                    <Text c="red.7" size="sm">
                      This list could not be loaded.
                    </Text>
                    {props.onRetry && (
                      <Button size="compact-sm" variant="default" onClick={props.onRetry}>
                        Retry
                      </Button>
                    )}
                  </Group>
                ) : (
                  <EmptyState filters={active} onClear={activeFilterCount(state) > 0 ? reset : undefined} />
                )
              }
            />
            {props.footer && !loading && (data?.list.length ?? 0) > 0 && (
              <Table.Tfoot>{props.footer(visibleColumns)}</Table.Tfoot>
            )}
          </Table>
        </ScrollArea>
      </Paper>
      <TablePager
        page={state.page}
        count={state.count}
        total={data?.count}
        capped={data?.count_capped}
        onPage={(page) => update({ page })}
        onCount={(count) => update({ count })}
      />
    </Stack>
  );
}
