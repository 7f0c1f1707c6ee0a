import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { newsApi } from '@pxl/contract/news/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type NewsListQuery = Record<string, string | number>;

export const listNews = (query: NewsListQuery, signal?: AbortSignal) => apiRequest(newsApi.list, { query, signal });

export const useNewsList = (query: NewsListQuery) =>
  useQuery(
    queryOptions({
      queryKey: ['news', 'list', query],
      queryFn: ({ signal }) => listNews(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
