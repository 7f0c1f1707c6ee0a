import { useState } from 'react';
import { Accordion, Badge, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { formatDate } from '@pxl/contract/format/date';
import type { NewsFeedItem } from '@pxl/contract/news/news.schemas';
import { ServerHtml } from '@/components/ui/server-html.tsx';
import { useMarkNewsRead, useNewsFeed } from '../api/news-feed.ts';
import { PageLoader } from '@/components/ui/record-loader.tsx';

const PAGE = 20;

function ItemTitle({ item, timeZone }: { item: NewsFeedItem; timeZone: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {item.pinned && <IconPin size={16} aria-label="Pinned" />}
      <Text fw={item.read ? 400 : 700}>{item.title}</Text>
      {!item.read && (
        <Badge size="xs" color="red" variant="filled" data-testid="news-unread">
          New
        </Badge>
      )}
      <Text size="xs" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
        {Object.values(formatDate(item.publish_at, timeZone)).join(' ')}
      </Text>
    </Group>
  );
}

/** The partner's news, pinned first; opening an item marks it read. */
export function NewsFeedList({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const feed = useNewsFeed(page, PAGE);
  const markRead = useMarkNewsRead();
  if (feed.isPending) return <PageLoader />;
  if (feed.isError) return <Text c="red">The news could not be loaded.</Text>;
  if (!feed.data.list.length)
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">No news yet</Text>
      </Paper>
    );
  const open = (uuid: string | null) => {
    const item = feed.data.list.find((i) => i.uuid === uuid);
    if (item && !item.read) markRead.mutate(item.uuid);
  };
  return (
    <Stack gap="md" maw={900}>
      <Text size="sm" c="dimmed">
        {feed.data.unread ? `${feed.data.unread} unread` : 'All read'}
      </Text>
      <Accordion variant="separated" radius="md" onChange={open}>
        {feed.data.list.map((item) => (
          <Accordion.Item key={item.uuid} value={item.uuid} data-testid="news-item">
            <Accordion.Control>
              <ItemTitle item={item} timeZone={timeZone} />
            </Accordion.Control>
            <Accordion.Panel>
              <ServerHtml html={item.body_html} data-testid="news-body" />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {feed.data.count > PAGE && (
        <Pagination total={Math.ceil(feed.data.count / PAGE)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
