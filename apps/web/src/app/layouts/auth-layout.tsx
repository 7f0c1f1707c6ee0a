import type { ReactNode } from 'react';
import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { BrandLogo } from '@/features/settings/components/brand-logo.tsx';

/** Centered card for the signed-out pages, with the partner title and the public documents. */
export function AuthLayout({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  const settings = usePublicSettings();
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack w={`min(${width}px, 100%)`} gap="lg">
        {settings.data?.logo_version && (
          <Center>
            <BrandLogo height={64} />
          </Center>
        )}
        <Text ta="center" fw={700} size="xl" c="indigo.7">
          {settings.data?.partner_title ?? '\u00a0'}
        </Text>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={1} size="h3" mb="lg">
            {title}
          </Title>
          {children}
        </Paper>
        <Group justify="center" gap="md">
          <Anchor component={Link} to="/user-terms-and-conditions" size="xs" c="dimmed">
            Terms and Conditions
          </Anchor>
          <Anchor component={Link} to="/user-agreement" size="xs" c="dimmed">
            User Agreement
          </Anchor>
          <Anchor component={Link} to="/user-privacy-policy" size="xs" c="dimmed">
            Privacy Policy
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
