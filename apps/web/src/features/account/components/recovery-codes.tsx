import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CopyTextButton } from './copy-text-button.tsx';

/** The recovery codes, shown once after 2FA is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md" maw={520}>
      <Alert color="teal" title="Two-factor authentication is on">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will not be
        shown again.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" p={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        When you sign in, enter a recovery code instead of the 6-digit code.
      </Text>
      <Group>
        <CopyTextButton value={codes.join('\n')} label="Copy codes" />
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}
