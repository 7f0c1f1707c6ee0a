import { useMemo } from 'react';
import { toOptions } from '@pxl/contract/constants/options';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { ProfileForm } from '@/features/account/components/profile-form.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** Partners' /settings/profile. */
export function ProfileScreen() {
  const constants = useConstants();
  const timeZones = useMemo(() => toOptions(constants.data?.time_zones), [constants.data]);
  const { networkTimeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <ProfileForm timeZones={timeZones} networkTimeZone={networkTimeZone} />
    </PageFrame>
  );
}
