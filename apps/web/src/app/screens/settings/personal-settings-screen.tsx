import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { toOptions } from '@pxl/contract/constants/options';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { PasswordChangeForm } from '@/features/account/components/password-change-form.tsx';
import { ProfileForm } from '@/features/account/components/profile-form.tsx';
import { SessionsTable } from '@/features/account/components/sessions-table.tsx';
import { TwoFactorPanel } from '@/features/account/components/two-factor-panel.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** Staff /settings/personal: own profile, password, 2FA and sessions (no API keys or payment details). */
export function PersonalSettingsScreen() {
  const constants = useConstants();
  const timeZones = useMemo(() => toOptions(constants.data?.time_zones), [constants.data]);
  const { timeZone, networkTimeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <Stack gap="lg">
        <ProfileForm timeZones={timeZones} networkTimeZone={networkTimeZone} />
        <PasswordChangeForm />
        <TwoFactorPanel />
        <SessionsTable timeZone={timeZone} />
      </Stack>
    </PageFrame>
  );
}
