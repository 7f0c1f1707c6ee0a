import { Stack } from '@mantine/core';
import { accountApi } from '@pxl/contract/account/index';
import { canCall } from '@pxl/contract/access/endpoint';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { ApiKeysPanel } from '@/features/account/components/api-keys-panel.tsx';
import { PasswordChangeForm } from '@/features/account/components/password-change-form.tsx';
import { SessionsTable } from '@/features/account/components/sessions-table.tsx';
import { TwoFactorPanel } from '@/features/account/components/two-factor-panel.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** Partners' /settings/security: password, 2FA, sessions; API keys for affiliates only. */
export function SecurityScreen() {
  const role = useCurrentRole();
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <Stack gap="lg">
        <PasswordChangeForm />
        <TwoFactorPanel />
        <SessionsTable timeZone={timeZone} />
        {canCall(accountApi.listApiKeys, role) && <ApiKeysPanel timeZone={timeZone} />}
      </Stack>
    </PageFrame>
  );
}
