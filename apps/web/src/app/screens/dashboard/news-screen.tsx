import { PageFrame } from '@/components/ui/page-frame.tsx';
import { NewsFeedList } from '@/features/news/components/news-feed.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/** /dashboard/news: the partner's news, with unread marks; opening an item marks it read. */
export function NewsScreen() {
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <NewsFeedList timeZone={timeZone} />
    </PageFrame>
  );
}
