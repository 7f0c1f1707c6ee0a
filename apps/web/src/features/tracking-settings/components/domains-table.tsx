import { Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { Domain } from '@pxl/contract/tracking/tracking.schemas';
import type { OnDomainsChanged } from '../api/domain-mutations.ts';
import { useDomains } from '../api/get-domains.ts';
import { DnsStatus } from './dns-status.tsx';
import { DomainActions } from './domain-actions.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

type Props = { timeZone?: string; compact: boolean; onChanged: OnDomainsChanged };

const Name = ({ domain }: { domain: Domain }) => (
  <Group gap="xs" wrap="nowrap">
    <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {domain.name}
    </Text>
    {domain.is_default && (
      <Badge size="sm" variant="filled">
        Default
      </Badge>
    )}
  </Group>
);

/** The tracking domains, default first; on a phone each domain is a card instead of a row. */
export function DomainsTable({ timeZone, compact, onChanged }: Props) {
  const domains = useDomains();
  const rows = domains.data?.list ?? [];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={4}>Tracking domains</Title>
        {compact ? (
          <Stack gap="sm" aria-label="Tracking domains">
            {rows.map((d) => (
              <Paper key={d.uuid} withBorder radius="sm" p="sm" data-testid="domain-card">
                <Stack gap="xs">
                  <Name domain={d} />
                  <DnsStatus dns={d.dns} timeZone={timeZone} />
                  <DomainActions domain={d} onChanged={onChanged} compact />
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <ScrollArea>
            <PlainTable
              verticalSpacing="sm"
              fz="sm"
              miw={760}
              aria-label="Tracking domains"
              head={['Domain', 'DNS', {}]}
            >
              {rows.map((d) => (
                <Table.Tr key={d.uuid}>
                  <Table.Td>
                    <Name domain={d} />
                  </Table.Td>
                  <Table.Td maw={360}>
                    <DnsStatus dns={d.dns} timeZone={timeZone} />
                  </Table.Td>
                  <Table.Td>
                    <DomainActions domain={d} onChanged={onChanged} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </PlainTable>
          </ScrollArea>
        )}
        {!domains.isPending && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            No tracking domains yet: links use this panel's own address.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
