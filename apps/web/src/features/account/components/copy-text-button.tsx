import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyToClipboard } from '@/lib/clipboard.ts';

/** Copies `value` with the shared clipboard helper ("Coppied!", docs/product/api-and-errors.md). */
export function CopyTextButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  return (
    <Button variant="light" size="xs" leftSection={<IconCopy size={14} />} onClick={() => void copyToClipboard(value)}>
      {label}
    </Button>
  );
}
