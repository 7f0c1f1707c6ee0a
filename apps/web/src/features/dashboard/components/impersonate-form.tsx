import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { affiliateTokenBodySchema } from '@pxl/contract/auth/auth.schemas';
import { startImpersonation } from '@/lib/session/impersonation.ts';

/**
 * Staff switch into an affiliate's session with the affiliate's UUID. A real call
 * (POST /api/auth/v1/get-affiliate-token); the roles screens will offer it per row later.
 */
export function ImpersonateForm() {
  const [uuid, setUuid] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = affiliateTokenBodySchema.safeParse({ uuid: uuid.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await startImpersonation(parsed.data.uuid);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text fw={600}>Log in as affiliate</Text>
          <Text size="sm" c="dimmed">
            Opens the affiliate's portal in this browser; a banner lets you return to your own account.
          </Text>
          <Group align="flex-start" gap="xs">
            <TextInput
              name="affiliate_uuid"
              aria-label="Affiliate UUID"
              placeholder="Affiliate UUID"
              value={uuid}
              error={error}
              onChange={(e) => setUuid(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 240 }}
            />
            <Button type="submit" loading={busy}>
              Log in as affiliate
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
