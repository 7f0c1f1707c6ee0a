import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorSetupSchema } from '@pxl/contract/account/index';
import { PROFILE_KEY, useProfile } from '../api/get-profile.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorDisableForm } from './two-factor-disable-form.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: z.infer<typeof twoFactorSetupSchema> }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/** Two-factor authentication (TOTP): status, set-up with QR and recovery codes, turning off. */
export function TwoFactorPanel() {
  const profile = useProfile();
  const client = useQueryClient();
  const setup = useSetupTwoFactor();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const enabled = profile.data?.two_factor ?? false;
  const reset = () => setStage({ kind: 'idle' });

  const body = (() => {
    switch (stage.kind) {
      case 'setup':
        return (
          <TwoFactorSetup
            setup={stage.setup}
            onCancel={reset}
            onEnabled={(codes) => setStage({ kind: 'codes', codes })}
          />
        );
      case 'codes':
        return (
          <RecoveryCodes
            codes={stage.codes}
            onDone={() => {
              reset();
              void client.invalidateQueries({ queryKey: PROFILE_KEY });
            }}
          />
        );
      case 'disable':
        return <TwoFactorDisableForm onCancel={reset} onDone={reset} />;
      default:
        return enabled ? (
          <Group>
            <Text size="sm">Signing in asks for a code from your authenticator app.</Text>
            <Button variant="default" color="red" onClick={() => setStage({ kind: 'disable' })}>
              Disable
            </Button>
          </Group>
        ) : (
          <Group>
            <Text size="sm">Protect your account with a code from an authenticator app on your phone.</Text>
            <Button
              loading={setup.isPending}
              onClick={() => setup.mutate(undefined, { onSuccess: (data) => setStage({ kind: 'setup', setup: data }) })}
            >
              Enable
            </Button>
          </Group>
        );
    }
  })();

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Stack gap="md">
        <Group gap="sm">
          <Title order={4}>Two-factor authentication</Title>
          {profile.data &&
            (stage.kind === 'codes' || enabled ? (
              <Badge color="teal" variant="light">
                On
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Off
              </Badge>
            ))}
        </Group>
        {profile.data && body}
      </Stack>
    </Paper>
  );
}
