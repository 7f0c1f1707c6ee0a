import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { coldApi } from '@pxl/contract/cold-api/index';
import type {
  ColdSource,
  LeadList,
  LeadListAdd,
  leadListInputSchema,
  listLeadsRemoveSchema,
} from '@pxl/contract/cold-api/cold.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ColdQuery = Record<string, string | number>;

export const listLeadLists = (query: ColdQuery, signal?: AbortSignal) =>
  apiRequest(coldApi.listLeadLists, { query, signal });

export const useLeadLists = (query: ColdQuery) =>
  useQuery({
    queryKey: ['cold', 'lists', query],
    queryFn: ({ signal }) => listLeadLists(query, signal),
    placeholderData: keepPreviousData,
  });

/** One list; while its background addition runs, asked again every second so the page shows the progress. */
export const useLeadList = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['cold', 'list', uuid ?? ''],
    queryFn: ({ signal }) => apiRequest(coldApi.getLeadList, { params: { uuid: uuid ?? '' }, signal }),
    enabled: Boolean(uuid),
    refetchInterval: (q) => (q.state.data?.job?.state === 'running' ? 1000 : false),
  });

export const searchColdLeads = (source: ColdSource, query: ColdQuery, signal?: AbortSignal) =>
  apiRequest(coldApi.searchLeads, { query: { ...query, source }, signal });

export const useColdSearch = (source: ColdSource, query: ColdQuery) =>
  useQuery({
    queryKey: ['cold', 'search', source, query],
    queryFn: ({ signal }) => searchColdLeads(source, query, signal),
    placeholderData: keepPreviousData,
  });

export const listListLeads = (uuid: string, source: ColdSource, query: ColdQuery, signal?: AbortSignal) =>
  apiRequest(coldApi.listLeads, { params: { uuid }, query: { ...query, source }, signal });

export const useListLeads = (uuid: string, source: ColdSource, query: ColdQuery) =>
  useQuery({
    queryKey: ['cold', 'list-leads', uuid, source, query],
    queryFn: ({ signal }) => listListLeads(uuid, source, query, signal),
    placeholderData: keepPreviousData,
  });

/** Lists change their counts with every addition or removal: everything under 'cold' but the options is refreshed. */
const useColdMutation = <B, R>(run: (body: B) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['cold'] }),
  });
};

export const useSaveLeadList = (uuid: string | undefined) =>
  useColdMutation((body: z.output<typeof leadListInputSchema>): Promise<LeadList> =>
    uuid
      ? apiRequest(coldApi.updateLeadList, { params: { uuid }, body })
      : apiRequest(coldApi.createLeadList, { body }),
  );

export const useDeleteLeadList = () =>
  useColdMutation((uuid: string) => apiRequest(coldApi.removeLeadList, { params: { uuid } }));

/** Sent as typed (the schema's input): the server parses the filters exactly as the search endpoint does. */
export const useAddLeads = (uuid: string) =>
  useColdMutation((body: LeadListAdd) => apiRequest(coldApi.addLeads, { params: { uuid }, body }));

export const useRemoveLeads = (uuid: string) =>
  useColdMutation((body: z.output<typeof listLeadsRemoveSchema>) =>
    apiRequest(coldApi.removeLeads, { params: { uuid }, body }),
  );
