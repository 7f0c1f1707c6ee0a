import type { ReactNode } from 'react';
import { Anchor, Badge, Code, Table, Text } from '@mantine/core';
import type { AttemptView } from '@pxl/contract/leads/leads.schemas';
import { RESULTS } from './attempt-results.ts';

/** What the product's answer rules read from the buyer's answer. */
export function ParsedAnswer({ attempt }: { attempt: AttemptView }) {
  const result = RESULTS[attempt.result];
  const none = (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );
  const rows: [string, ReactNode][] = [
    [
      'Result',
      <Badge key="r" color={result.color} variant="light">
        {result.label}
      </Badge>,
    ],
    ['External id', attempt.external_id ? <Code key="e">{attempt.external_id}</Code> : none],
    [
      'Autologin URL',
      attempt.autologin_url ? (
        <Anchor
          key="a"
          href={attempt.autologin_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {attempt.autologin_url}
        </Anchor>
      ) : (
        none
      ),
    ],
    [
      'Message',
      attempt.message ? (
        <Text key="m" size="sm" style={{ wordBreak: 'break-word' }}>
          {attempt.message}
        </Text>
      ) : (
        none
      ),
    ],
    ['Lead Id sent', <Code key="l">{attempt.lead_id}</Code>],
  ];
  return (
    <Table withTableBorder variant="vertical" verticalSpacing={4} fz="sm" data-testid="parsed-answer">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={120}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
