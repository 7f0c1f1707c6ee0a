import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { NewsTable } from '@/features/news/components/news-table.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';

/** /settings/news: every news item, published and scheduled (admin and head). */
export function NewsSettingsScreen() {
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame
      actions={
        <Button component={Link} to="/settings/news/create" leftSection={<IconPlus size={16} />}>
          Create news
        </Button>
      }
    >
      <NewsTable timeZone={timeZone} />
    </PageFrame>
  );
}
