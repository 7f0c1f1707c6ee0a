import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { coldApi } from '@pxl/contract/cold-api/index';
import type { Distribution, DistributionStatus, distributionInputSchema } from '@pxl/contract/cold-api/cold.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import type { ColdQuery } from './lead-lists.ts';

export type DistributionBody = z.output<typeof distributionInputSchema>;

/** How often a running distribution's page and list ask again: sends arrive every few seconds at the fastest. */
export const LIVE_INTERVAL_MS = 2000;
const live = (d: Distribution | undefined) => d?.status === 'active';

export const listDistributions = (query: ColdQuery, signal?: AbortSignal) =>
  apiRequest(coldApi.listDistributions, { query, signal });

export const useDistributions = (query: ColdQuery) =>
  useQuery({
    queryKey: ['cold', 'distributions', query],
    queryFn: ({ signal }) => listDistributions(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some(live) ? LIVE_INTERVAL_MS * 2 : false),
  });

export const useDistribution = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['cold', 'distribution', uuid ?? ''],
    queryFn: ({ signal }) => apiRequest(coldApi.getDistribution, { params: { uuid: uuid ?? '' }, signal }),
    enabled: Boolean(uuid),
    refetchInterval: (q) => (live(q.state.data) ? LIVE_INTERVAL_MS : false),
  });

export const listSends = (uuid: string, query: ColdQuery, signal?: AbortSignal) =>
  apiRequest(coldApi.distributionSends, { params: { uuid }, query, signal });

export const useSends = (uuid: string, query: ColdQuery, running: boolean) =>
  useQuery({
    queryKey: ['cold', 'sends', uuid, query],
    queryFn: ({ signal }) => listSends(uuid, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: running ? LIVE_INTERVAL_MS : false,
  });

/** What a distribution form may pick (and the lead filters of the add page): API offers, affiliates, lists, rules. */
export const useColdOptions = () =>
  useQuery({
    queryKey: ['cold', 'options'],
    queryFn: ({ signal }) => apiRequest(coldApi.distributionOptions, { signal }),
    staleTime: 30_000,
  });

const useDistributionMutation = <B>(run: (body: B) => Promise<Distribution>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (d) => {
      client.setQueryData(['cold', 'distribution', d.uuid], d);
      return client.invalidateQueries({ queryKey: ['cold'], predicate: (q) => q.queryKey[1] !== 'distribution' });
    },
  });
};

export const useSaveDistribution = (uuid: string | undefined) =>
  useDistributionMutation((body: DistributionBody) =>
    uuid
      ? apiRequest(coldApi.updateDistribution, { params: { uuid }, body })
      : apiRequest(coldApi.createDistribution, { body }),
  );

export const useSetDistributionStatus = (uuid: string) =>
  useDistributionMutation((status: DistributionStatus) =>
    apiRequest(coldApi.setDistributionStatus, { params: { uuid }, body: { status } }),
  );
