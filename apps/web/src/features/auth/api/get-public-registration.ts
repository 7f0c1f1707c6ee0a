import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Signup rules for the signup form (public). Silent: a failure falls back to the default rules in the form. */
export const getPublicRegistration = (signal?: AbortSignal) =>
  apiRequest(settingsApi.getPublicRegistration, { silent: true, signal });

export const publicRegistrationQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'registration', 'public'],
    queryFn: ({ signal }) => getPublicRegistration(signal),
    retry: 1,
  });

export const usePublicRegistration = () => useQuery(publicRegistrationQueryOptions());
