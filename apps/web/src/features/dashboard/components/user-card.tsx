import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Me } from '@pxl/contract/auth/auth.schemas';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  head: 'Head',
  manager: 'Manager',
  team_lead: 'Team lead',
  affiliate: 'Affiliate',
  advertiser: 'Advertiser',
};

export const fullName = (first: string, last: string): string => [first, last].filter(Boolean).join(' ');

/** The signed-in user as GET /api/auth/v1/me returns them. */
export function UserCard({ me }: { me: Me }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="user-card">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          Signed in as
        </Text>
        <Title order={3}>{fullName(me.first_name, me.last_name) || me.email}</Title>
        <Text>{me.email}</Text>
        <Group gap="xs">
          <Badge variant="light">Role: {ROLE_LABELS[me.role] ?? me.role}</Badge>
          <Badge variant="light" color="gray">
            Type: {me.type}
          </Badge>
          <Badge variant="light" color={me.status === 'active' ? 'teal' : 'yellow'}>
            {me.status.replace('_', ' ')}
          </Badge>
        </Group>
        {me.impersonated_by && (
          <Text size="sm" c="orange.8">
            Opened by {me.impersonated_by.email}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
