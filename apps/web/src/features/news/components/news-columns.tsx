import { Badge, Group, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import type { NewsItem } from '@pxl/contract/news/news.schemas';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { AUDIENCE_LABELS, editNewsPath } from './news-labels.ts';

/** Columns of the news list (settings › news). */
export const newsColumns = (timeZone: string): DataColumn<NewsItem>[] => [
  {
    key: 'title',
    header: 'Title',
    sortable: true,
    render: (n) => (
      <Group gap={6} wrap="nowrap">
        {n.pinned && <IconPin size={14} aria-label="Pinned" />}
        <RecordLink to={editNewsPath(n.uuid)}>{n.title}</RecordLink>
      </Group>
    ),
  },
  {
    key: 'audience',
    header: 'Audience',
    render: (n) => AUDIENCE_LABELS[n.audience],
    exportValue: (n) => AUDIENCE_LABELS[n.audience],
  },
  {
    key: 'published',
    header: 'State',
    render: (n) =>
      n.published ? (
        <Badge color="green" variant="light">
          Published
        </Badge>
      ) : (
        <Badge color="yellow" variant="light">
          Scheduled
        </Badge>
      ),
    exportValue: (n) => (n.published ? 'Published' : 'Scheduled'),
  },
  dateColumn('publish_at', 'Publish date', timeZone, { sortable: true }),
  {
    key: 'author',
    header: 'Author',
    render: (n) => n.author?.name ?? <Text c="dimmed">—</Text>,
    exportValue: (n) => n.author?.email ?? '',
  },
  dateColumn('created_at', 'Created', timeZone, { sortable: true, hidden: true }),
];
