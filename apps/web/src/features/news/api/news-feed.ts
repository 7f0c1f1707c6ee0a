import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newsApi } from '@pxl/contract/news/index';
import type { NewsFeed } from '@pxl/contract/news/news.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const useNewsFeed = (page: number, count: number) =>
  useQuery({
    queryKey: ['news', 'feed', page, count],
    queryFn: ({ signal }) => apiRequest(newsApi.feed, { query: { page, count }, signal }),
    placeholderData: keepPreviousData,
  });

/** The read mark shows at once in every feed already loaded (the page and the dashboard card). */
export function useMarkNewsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest(newsApi.markRead, { params: { uuid } }),
    onSuccess: (_, uuid) => {
      client.setQueriesData<NewsFeed>({ queryKey: ['news', 'feed'] }, (feed) => {
        if (!feed) return feed;
        const was = feed.list.find((i) => i.uuid === uuid && !i.read);
        return {
          ...feed,
          unread: was ? Math.max(0, feed.unread - 1) : feed.unread,
          list: feed.list.map((i) => (i.uuid === uuid ? { ...i, read: true } : i)),
        };
      });
      // Unread counts of feeds whose page did not hold the item are right again after a refetch.
      return client.invalidateQueries({ queryKey: ['news', 'feed'] });
    },
  });
}
