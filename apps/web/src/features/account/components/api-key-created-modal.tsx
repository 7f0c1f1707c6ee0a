import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyTextButton } from './copy-text-button.tsx';

/** The whole key, this once. */
export function ApiKeyCreatedModal({
  apiKey,
  name,
  onClose,
}: {
  apiKey: string | null;
  name: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={apiKey !== null}
      onClose={onClose}
      title={`API key "${name}" created`}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert color="orange" title="Copy it now">
          This key will not be shown again. Store it in your tracker or server; if you lose it, revoke it and create a
          new one.
        </Alert>
        <Code block fz="sm" data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
          {apiKey}
        </Code>
        <Text size="sm" c="dimmed">
          Send it in the X-Api-Key header of lead API requests.
        </Text>
        <Group justify="flex-end">
          <CopyTextButton value={apiKey ?? ''} label="Copy key" />
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
