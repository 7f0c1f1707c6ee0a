import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { isImpersonating, returnToOwnAccount } from '@/lib/session/impersonation.ts';
import { sessionCookies } from '@/lib/session/session-cookies.ts';

/** Shown while the old copies exist, i.e. while staff act as an affiliate (docs/product/roles-and-scoping.md). */
export function ImpersonationBanner() {
  const [busy, setBusy] = useState(false);
  if (!isImpersonating()) return null;
  const email = sessionCookies.readSession().email ?? 'affiliate';
  return (
    <Paper bg="yellow.1" radius="md" px="md" py={8} mb="md" withBorder data-testid="impersonation-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Signed in as {email}
        </Text>
        <Button
          size="compact-sm"
          color="dark"
          variant="filled"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void returnToOwnAccount();
          }}
        >
          Return to my account
        </Button>
      </Group>
    </Paper>
  );
}
