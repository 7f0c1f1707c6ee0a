import { useState, type FormEvent } from 'react';
import { Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { twoFactorCodeSchema, type twoFactorSetupSchema } from '@pxl/contract/account/index';
import { svgDataUrl } from '@/lib/auth-code.ts';
import { apiFieldErrors } from '@/lib/form-errors.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { CopyTextButton } from './copy-text-button.tsx';
import { FormActions } from '@/components/forms/form-layout.tsx';

type Setup = z.infer<typeof twoFactorSetupSchema>;

/** Step two of set-up: scan the QR (or type the secret), confirm with a code from the app. */
export function TwoFactorSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeSchema.safeParse({ code: code.replace(/\s+/g, '') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    enable.mutate(parsed.data.code, {
      onSuccess: (data) => onEnabled(data.recovery_codes),
      onError: (e) => setError(Object.values(apiFieldErrors(e))[0]),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Enable two-factor authentication">
      <Stack gap="md" maw={520}>
        <Text size="sm">1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</Text>
        {/* An <img> with a data URL: the SVG is drawn as a picture, never inserted into the page as markup. */}
        <Image
          src={svgDataUrl(setup.qr_svg)}
          alt="QR code for the authenticator app"
          w={200}
          h={200}
          fit="contain"
          bg="white"
          p={4}
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
        <Text size="sm">Or enter this key by hand:</Text>
        <Group gap="xs">
          <Code fz="sm" data-testid="totp-secret">
            {setup.secret}
          </Code>
          <CopyTextButton value={setup.secret} label="Copy key" />
        </Group>
        <TextInput
          label="2. Enter the 6-digit code from the app"
          name="totp_code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          w={220}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <FormActions label="Enable" saving={enable.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
