import { useProfile } from '@/features/account/api/get-profile.ts';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';

/** The user's own time zone, else the network default, else UTC. */
export function useDisplayTimeZone(): { timeZone: string; networkTimeZone?: string } {
  const profile = useProfile();
  const settings = usePublicSettings();
  const networkTimeZone = settings.data?.time_zone;
  return { timeZone: profile.data?.time_zone ?? networkTimeZone ?? 'UTC', networkTimeZone };
}
