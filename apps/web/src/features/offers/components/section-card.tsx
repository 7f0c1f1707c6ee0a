import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** One section of the offer form: its own fields and its own Save, sent to its own endpoint. */
export function SectionCard({
  title,
  description,
  children,
  onSave,
  saving,
  saveLabel = 'Save',
  footer,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onSave: () => void;
  saving: boolean;
  saveLabel?: string;
  /** Shown beside the Save button (e.g. a "Save anyway" prompt). */
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Stack gap="sm">
          <div>
            <Title order={4}>{title}</Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {children}
          {footer}
          <Group>
            <Button type="submit" loading={saving}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** On create only the primary section shows; this says what opens after saving it. */
export function LockedSections({ names }: { names: string[] }) {
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" data-testid="locked-sections">
      <Text size="sm" c="dimmed">
        {names.join(', ')} unlock once the offer is created.
      </Text>
    </Paper>
  );
}
