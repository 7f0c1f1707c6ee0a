import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ConversionDetail as Detail } from '@pxl/contract/statistic/statistic.schemas';
import { ConversionStatusBadge } from '../logs/labels.tsx';
import { ClickFields } from './click-fields.tsx';
import { ConversionFields } from './conversion-fields.tsx';
import { SectionCard } from './field-list.tsx';
import { FraudSection } from './fraud-section.tsx';
import { FraudOverrideAction } from './fraud-override.tsx';
import { HistoryTable } from './history-table.tsx';
import { LeadSection } from './lead-section.tsx';
import { PostbackList } from './postback-list.tsx';
import { StatusActions } from './status-actions.tsx';

/**
 * Everything about one conversion (staff): its fields, the click, the lead of an API offer, the status history,
 * the postbacks sent to the affiliate with their attempts, and approve / reject / hold.
 */
export function ConversionDetail({ detail, timeZone }: { detail: Detail; timeZone: string }) {
  const { conversion: c, click, lead, postbacks } = detail;
  return (
    <Stack gap="md" data-testid="conversion-detail">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Text ff="monospace" fw={600}>
            {c.uuid}
          </Text>
          <span data-testid="conversion-status">
            <ConversionStatusBadge status={c.status} />
          </span>
          {c.is_test && (
            <Badge color="gray" variant="outline" radius="sm">
              Test
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <FraudOverrideAction conversion={c} />
          <StatusActions uuid={c.uuid} status={c.status} />
        </Group>
      </Group>
      <SectionCard title="Conversion" testId="conversion-fields">
        <ConversionFields conversion={c} timeZone={timeZone} />
      </SectionCard>
      <FraudSection detail={detail} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SectionCard title="Status history">
          <HistoryTable history={c.history} timeZone={timeZone} />
        </SectionCard>
        <SectionCard title="Postbacks to the affiliate">
          <PostbackList postbacks={postbacks} timeZone={timeZone} />
        </SectionCard>
      </SimpleGrid>
      {lead && <LeadSection lead={lead} timeZone={timeZone} />}
      <SectionCard title="Click" testId="conversion-click">
        {click ? (
          <ClickFields click={click} timeZone={timeZone} />
        ) : (
          <Text size="sm" c="dimmed">
            {c.click_id ? `Click ${c.click_id} is no longer stored.` : 'This conversion came without a tracked click.'}
          </Text>
        )}
      </SectionCard>
    </Stack>
  );
}
