import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { InboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import { WrappedCode } from '@/components/ui/wrapped-code.tsx';

/** The request's parameters (the token already masked by the server) and the envelope we answered with. */
export function InboundDetail({ postback }: { postback: InboundPostback }) {
  const params = Object.entries(postback.params);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1100}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Request: {postback.method} from {postback.ip ?? 'unknown IP'}
        </Text>
        {params.length === 0 ? (
          <Text size="sm" c="dimmed">
            No parameters.
          </Text>
        ) : (
          <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4}>
            <Table.Tbody>
              {params.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Td w={120} ff="monospace">
                    {k}
                  </Table.Td>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {v}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Response: {postback.status_code}
        </Text>
        <WrappedCode maxHeight={240}>{JSON.stringify(postback.response, null, 2)}</WrappedCode>
      </Stack>
    </SimpleGrid>
  );
}
