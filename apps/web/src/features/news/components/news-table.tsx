import { useMemo } from 'react';
import { NEWS_SORTS, type NewsItem } from '@pxl/contract/news/news.schemas';
import { createdList, DataTable, ListFilters, listFilterLabels, useDataList } from '@/components/data-table/index.ts';
import type { SelectFilter } from '@/components/data-table/index.ts';
import { listNews, useNewsList } from '../api/list-news.ts';
import { newsColumns } from './news-columns.tsx';
import { AUDIENCE_LABELS, AUDIENCE_OPTIONS, STATE_OPTIONS } from './news-labels.ts';
import { NewsRowActions } from './news-row-actions.tsx';

const LIST = createdList(['audience', 'state'], NEWS_SORTS, 'publish_at');

const SELECTS: SelectFilter[] = [
  {
    name: 'audience',
    label: 'Audience',
    data: AUDIENCE_OPTIONS,
    w: 150,
    text: (v) => AUDIENCE_LABELS[v as NewsItem['audience']] ?? v,
  },
  { name: 'state', label: 'State', data: STATE_OPTIONS, w: 140 },
];
const LABELS = listFilterLabels(SELECTS, 'Created');

/** Every news item, published and scheduled (admin and head). */
export function NewsTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useNewsList, listNews, 'news');
  const columns = useMemo(() => newsColumns(timeZone), [timeZone]);
  return (
    <DataTable<NewsItem>
      listId="news"
      {...table}
      columns={columns}
      rowKey={(n) => n.uuid}
      searchPlaceholder="Title or text"
      filters={<ListFilters list={list} selects={SELECTS} range="Created" />}
      filterLabels={LABELS}
      rowActions={(n) => <NewsRowActions item={n} />}
      minWidth={800}
    />
  );
}
