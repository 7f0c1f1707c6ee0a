import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@pxl/contract/format/date';
import { useNewsFeed } from '../api/news-feed.ts';

const LATEST = 3;

/** The partner's dashboard: the newest items of their feed (pinned first) and how many are unread. */
export function LatestNewsCard({ timeZone }: { timeZone: string }) {
  const feed = useNewsFeed(1, LATEST);
  const unread = feed.data?.unread ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="latest-news-card">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Latest news
          </Text>
          {unread > 0 && (
            <Badge size="sm" color="red">
              {unread} unread
            </Badge>
          )}
        </Group>
        {feed.isError && <Text c="red">The news could not be loaded.</Text>}
        {feed.data && !feed.data.list.length && <Text c="dimmed">No news yet</Text>}
        {feed.data?.list.map((item) => (
          <Group key={item.uuid} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={4} wrap="nowrap">
              {item.pinned && <IconPin size={14} aria-label="Pinned" />}
              <Text size="sm" fw={item.read ? 400 : 700} lineClamp={1}>
                {item.title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(item.publish_at, timeZone).date}
            </Text>
          </Group>
        ))}
        <Anchor component={Link} to="/dashboard/news" size="sm">
          All news
        </Anchor>
      </Stack>
    </Card>
  );
}
