import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';

/** Dates show in the network's time zone, the one the server cuts date filters in. */
export const useNetworkTimeZone = (): string => usePublicSettings().data?.time_zone ?? 'UTC';
