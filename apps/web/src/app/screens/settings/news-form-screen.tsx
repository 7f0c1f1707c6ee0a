import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useNewsItem } from '@/features/news/api/get-news.ts';
import { NewsForm } from '@/features/news/components/news-form.tsx';
import { RecordLoader } from '../roles/record-loader.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';

/** /settings/news/create and /settings/news/edit/{uuid}. */
export function NewsFormScreen() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const done = () => navigate('/settings/news');
  const item = useNewsItem(uuid);
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame title={uuid ? 'Edit news' : 'Create news'}>
      {uuid ? (
        <RecordLoader query={item}>
          {(record) => <NewsForm key={record.uuid} item={record} timeZone={timeZone} onDone={done} />}
        </RecordLoader>
      ) : (
        <NewsForm timeZone={timeZone} onDone={done} />
      )}
    </PageFrame>
  );
}
