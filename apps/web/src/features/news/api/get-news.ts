import { useQuery } from '@tanstack/react-query';
import { newsApi } from '@pxl/contract/news/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getNews = (uuid: string, signal?: AbortSignal) => apiRequest(newsApi.get, { params: { uuid }, signal });

export const useNewsItem = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['news', 'one', uuid ?? ''],
    queryFn: ({ signal }) => getNews(uuid ?? '', signal),
    enabled: Boolean(uuid),
  });
