import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { newsApi } from '@pxl/contract/news/index';
import type { newsInputSchema } from '@pxl/contract/news/news.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type NewsBody = z.output<typeof newsInputSchema>;

const save = (uuid: string | undefined, body: NewsBody) =>
  uuid ? apiRequest(newsApi.update, { params: { uuid }, body }) : apiRequest(newsApi.create, { body });

/** Create (no uuid) or edit; the list and every feed read news, so all news queries are refreshed. */
export function useSaveNews(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsBody) => save(uuid, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['news'] }),
  });
}

export function useDeleteNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest(newsApi.remove, { params: { uuid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['news'] }),
  });
}
