import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const REGISTRATION_KEY = ['settings', 'registration'] as const;

export const getRegistrationSettings = () => apiRequest(settingsApi.getRegistration);

export const registrationSettingsQueryOptions = () =>
  queryOptions({ queryKey: REGISTRATION_KEY, queryFn: getRegistrationSettings });

export const useRegistrationSettings = () => useQuery(registrationSettingsQueryOptions());
