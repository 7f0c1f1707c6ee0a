import { useQuery } from '@tanstack/react-query';
import { networkFraudSettingsQueryOptions } from '@/lib/queries/network-fraud-settings.ts';
import { queryKeys } from '@/lib/queries/query-keys.ts';

export const FRAUD_SETTINGS_KEY = queryKeys.fraudSettings();

export const fraudSettingsQueryOptions = networkFraudSettingsQueryOptions;

export const useFraudSettings = () => useQuery(fraudSettingsQueryOptions());
