import { Anchor, Code, Group, Stack, Text } from '@mantine/core';
import { IconBook, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePortalApiKeys } from '../api/list-api-keys.ts';
import { keyStart } from './lead-api-example.ts';

// The lead API's own documentation page is not built yet; until then /api/docs
// (the server's API reference) is where the link points.
const LEAD_API_DOCS = '/api/docs';

/** How to send leads to an API offer: which keys the affiliate holds and where the API is described. */
export function LeadApiPanel({ offerId }: { offerId: number }) {
  const keys = usePortalApiKeys();
  const list = keys.data?.list ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm">
        Send leads to <Code>POST /api/lead/v1/create</Code> with <Code>offer_id</Code> <Code>{offerId}</Code> and one of
        your keys in the <Code>X-Api-Key</Code> header.
      </Text>
      {keys.isPending ? (
        <Text size="sm" c="dimmed">
          Loading your keys…
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          You have no API keys yet.
        </Text>
      ) : (
        <Stack gap={4} data-testid="lead-api-keys">
          {list.map((k) => (
            <Group key={k.uuid} gap="xs" wrap="nowrap">
              <IconKey size={14} color="var(--mantine-color-dimmed)" />
              <Text size="sm" fw={500} truncate>
                {k.name}
              </Text>
              <Code>{keyStart(k.prefix)}</Code>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        A key's full value is shown only once, when it is created.
      </Text>
      <Group gap="lg" wrap="wrap">
        <Anchor component={Link} to="/settings/security" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconKey size={14} />
            {list.length ? 'Manage API keys' : 'Create an API key'}
          </Group>
        </Anchor>
        <Anchor href={LEAD_API_DOCS} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconBook size={14} />
            Lead API documentation
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
