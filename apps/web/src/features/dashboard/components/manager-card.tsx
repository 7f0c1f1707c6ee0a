import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { Me } from '@pxl/contract/auth/auth.schemas';
import { MESSENGER_KINDS, messengerHref } from '@pxl/contract/format/messenger';

const LABELS: Record<string, string> = { skype: 'Skype', telegram: 'Telegram', email: 'Email', linkedin: 'LinkedIn' };

/** An affiliate's manager with messenger contacts as links (docs/product/screens-and-lists.md). */
export function ManagerCard({ manager }: { manager: Me['manager'] }) {
  if (!manager) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed">No manager is assigned to your account yet.</Text>
      </Card>
    );
  }
  const contacts = { ...manager.contacts, email: manager.contacts.email ?? manager.email };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="manager-card">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          Your manager
        </Text>
        <Title order={3}>{manager.name || manager.email}</Title>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            {MESSENGER_KINDS.map((kind) => {
              const value = contacts[kind];
              const href = messengerHref(kind, value);
              if (!value || !href) return null;
              return (
                <Table.Tr key={kind}>
                  <Table.Td w={110}>
                    <Text size="sm" c="dimmed">
                      {LABELS[kind]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      href={href}
                      target={kind === 'email' || kind === 'skype' ? undefined : '_blank'}
                      rel="noreferrer"
                    >
                      {value}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
