import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';

/** A record's form: no browser validation (the contract's schema checks), sections stacked up to `maw`. */
export function FormPage({
  onSubmit,
  maw = 1100,
  children,
}: {
  onSubmit: () => void;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md" maw={maw}>
        {children}
      </Stack>
    </form>
  );
}

/** One titled card of a form. */
export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {typeof title === 'string' ? <Title order={4}>{title}</Title> : title}
        {children}
      </Stack>
    </Paper>
  );
}

/** Submit and Cancel under a form. */
export function FormActions({
  label,
  saving,
  disabled,
  color,
  onCancel,
}: {
  label: string;
  saving: boolean;
  disabled?: boolean;
  /** "red" for a step that takes something away. */
  color?: string;
  onCancel: () => void;
}) {
  return (
    <Group>
      <Button type="submit" loading={saving} disabled={disabled} color={color}>
        {label}
      </Button>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}

/** The form inside a drawer or a modal: named for screen readers, its buttons at the bottom right. */
export function DialogForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}

/** Cancel and submit at the bottom right of a drawer or a modal. */
export function DialogActions({ label, saving, onCancel }: { label: string; saving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {label}
      </Button>
    </Group>
  );
}

/** A form in one bordered card (a news item, a ticket, a reply): no browser validation, its fields stacked. */
export function FormCard({ onSubmit, gap, children }: { onSubmit: () => void; gap: 'sm' | 'md'; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Paper withBorder p="md" radius="md" maw={900}>
        <Stack gap={gap}>{children}</Stack>
      </Paper>
    </form>
  );
}
