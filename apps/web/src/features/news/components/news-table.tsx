import { useMemo } from 'react';
import { NEWS_SORTS, type NewsItem } from '@pxl/contract/news/news.schemas';
import {
  DataTable,
  DateRangeFilter,
  FilterSelect,
  rangeFilterLabels,
  useDataList,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { listNews, useNewsList } from '../api/list-news.ts';
import { newsColumns } from './news-columns.tsx';
import { AUDIENCE_LABELS, AUDIENCE_OPTIONS, STATE_OPTIONS } from './news-labels.ts';
import { NewsRowActions } from './news-row-actions.tsx';

const LIST: ListConfig = {
  filters: ['audience', 'state', 'created_from', 'created_to'],
  sorts: NEWS_SORTS,
  defaultSort: 'publish_at',
};

/** Every news item, published and scheduled (admin and head). */
export function NewsTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useNewsList, listNews, 'news');
  const columns = useMemo(() => newsColumns(timeZone), [timeZone]);
  const labels = {
    audience: (v: string) => `Audience: ${AUDIENCE_LABELS[v as NewsItem['audience']] ?? v}`,
    state: (v: string) => `State: ${STATE_OPTIONS.find((o) => o.value === v)?.label ?? v}`,
    ...rangeFilterLabels('Created'),
  };
  return (
    <DataTable<NewsItem>
      listId="news"
      {...table}
      columns={columns}
      rowKey={(n) => n.uuid}
      searchPlaceholder="Title or text"
      filters={
        <>
          <FilterSelect list={list} name="audience" label="Audience" data={AUDIENCE_OPTIONS} w={150} />
          <FilterSelect list={list} name="state" label="State" data={STATE_OPTIONS} w={140} />
          <DateRangeFilter list={list} label="Created" />
        </>
      }
      filterLabels={labels}
      rowActions={(n) => <NewsRowActions item={n} />}
      minWidth={800}
    />
  );
}
