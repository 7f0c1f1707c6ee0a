import { useState } from 'react';
import { Anchor, Button, Code, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { API_DOCS_PATH, INTEGRATION_GUIDE_PATH } from '@pxl/contract/http/docs';
import { IconPlus } from '@tabler/icons-react';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { ApiKeyCreatedModal } from './api-key-created-modal.tsx';
import { ConfirmButton } from './confirm-button.tsx';
import { CreateApiKeyModal } from './create-api-key-modal.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** The server keeps the 8 characters after "pxl_"; show them as the key starts. */
const keyStart = (prefix: string) => `${prefix.startsWith('pxl_') ? prefix : `pxl_${prefix}`}…`;

/** Lead API keys of an affiliate: only the prefix is kept visible; the whole key is shown once at creation. */
export function ApiKeysPanel({ timeZone }: { timeZone?: string }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const rows = keys.data?.list ?? [];

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>API keys</Title>
          <Group gap="md">
            <Anchor href={INTEGRATION_GUIDE_PATH} target="_blank" size="sm">
              Integration guide
            </Anchor>
            <Anchor href={API_DOCS_PATH} target="_blank" size="sm">
              API reference
            </Anchor>
          </Group>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            Create key
          </Button>
        </Group>
        <ScrollArea>
          <PlainTable
            verticalSpacing={6}
            fz="sm"
            miw={640}
            aria-label="API keys"
            head={['Name', 'Key', 'Created', 'Last used', {}]}
          >
            {rows.map((k) => (
              <Table.Tr key={k.uuid}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <Code>{keyStart(k.prefix)}</Code>
                </Table.Td>
                <Table.Td>
                  <DateCell value={k.created_at} timeZone={timeZone} />
                </Table.Td>
                <Table.Td>
                  {k.last_used_at ? (
                    <DateCell value={k.last_used_at} timeZone={timeZone} />
                  ) : (
                    <Text c="dimmed" size="sm">
                      Never
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <ConfirmButton
                    size="xs"
                    variant="default"
                    color="red"
                    label="Revoke"
                    title="Revoke API key"
                    message={`Requests with the key "${k.name}" (${keyStart(k.prefix)}) will be refused at once. This cannot be undone.`}
                    confirmLabel="Revoke"
                    loading={revoke.isPending && revoke.variables === k.uuid}
                    onConfirm={() => revoke.mutate(k.uuid)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </PlainTable>
        </ScrollArea>
        {!keys.isPending && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            No API keys yet. Create one to send leads through the API.
          </Text>
        )}
      </Stack>
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <ApiKeyCreatedModal apiKey={created?.key ?? null} name={created?.name ?? ''} onClose={() => setCreated(null)} />
    </Paper>
  );
}
