import { Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AttemptView } from '@pxl/contract/leads/leads.schemas';
import { prettyBody, statusColor } from './attempt-results.ts';

const block = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' } as const;

/** The exact request (credentials come masked from the server) and the buyer's answer. */
export function ExchangeView({
  exchange: { request, response },
}: {
  exchange: Pick<AttemptView, 'request' | 'response'>;
}) {
  const headers = Object.entries(request.headers);
  return (
    <Stack gap="md">
      <Stack gap={6} data-testid="exchange-request">
        <Title order={5}>Request</Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {request.method}
          </Badge>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {request.url}
          </Text>
        </Group>
        {headers.length > 0 && (
          <Table withTableBorder verticalSpacing={2} fz="xs" ff="monospace">
            <Table.Tbody>
              {headers.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td w="35%" style={{ wordBreak: 'break-all' }}>
                    {name}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Body text={request.body} empty="No body." />
      </Stack>
      <Stack gap={6} data-testid="exchange-response">
        <Title order={5}>Response</Title>
        <Group gap="xs">
          <Badge color={statusColor(response.status_code)} variant="light" radius="sm">
            {response.status_code ?? 'No answer'}
          </Badge>
          <Text size="sm" c="dimmed">
            {response.duration_ms} ms
          </Text>
        </Group>
        {response.error && (
          <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
            {response.error}
          </Text>
        )}
        <Body text={response.body} empty="Empty body." />
      </Stack>
    </Stack>
  );
}

function Body({ text, empty }: { text: string | null; empty: string }) {
  return text ? (
    <Code block style={block}>
      {prettyBody(text)}
    </Code>
  ) : (
    <Text size="xs" c="dimmed">
      {empty}
    </Text>
  );
}
