import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { pageTitle, tabsFor } from '@pxl/contract/routes/index';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { TabRow } from './tab-row.tsx';

/** Section title and the section's tab rows above a screen's content. */
export function PageFrame({ title, actions, children }: { title?: string; actions?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const role = useCurrentRole();
  const rows = role ? tabsFor(role, pathname) : [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{title ?? pageTitle(pathname)}</Title>
        {actions}
      </Group>
      {rows.map((row, index) => (
        <TabRow key={index} tabs={row} level={index} />
      ))}
      {children}
    </Stack>
  );
}
