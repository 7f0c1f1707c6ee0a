import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyToClipboard } from '@/lib/clipboard.ts';

/** The built tracking link, wrapped so it reads whole on a phone, and copyable in one click ("Coppied!", docs/product/api-and-errors.md). */
export function BuiltLink({ url }: { url: string }) {
  return (
    <Stack gap={6} data-testid="tracking-link">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Your tracking link
        </Text>
        <Button size="xs" leftSection={<IconCopy size={14} />} onClick={() => void copyToClipboard(url)}>
          Copy
        </Button>
      </Group>
      <Code
        block
        aria-label="Tracking link"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', userSelect: 'all' }}
      >
        {url}
      </Code>
    </Stack>
  );
}
