import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Paper, Stack, type MantineSpacing, type StyleProp } from '@mantine/core';

/** A settings card: one form saved as a whole, its Save button at the bottom right (any `actions` at the left). */
export function SettingsForm({
  label,
  maw = 720,
  p = 'lg',
  gap = 'md',
  saving,
  onSubmit,
  actions,
  children,
}: {
  label?: string;
  maw?: number;
  p?: StyleProp<MantineSpacing>;
  gap?: MantineSpacing;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={p} maw={maw}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap={gap}>
          {children}
          <Group justify={actions ? 'space-between' : 'flex-end'}>
            {actions}
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
