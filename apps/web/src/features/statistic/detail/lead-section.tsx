import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import type { SessionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { callStatusText, LeadStatusBadge, leadReasonText } from '../logs/labels.tsx';
import { SessionAttempts, SessionHistory } from '../logs/session-detail.tsx';
import { FieldList, SectionCard, type Field } from './field-list.tsx';

const when = (at: string | null, timeZone: string) => (at ? formatDateLine(at, timeZone) : '');

/** The lead (user session) behind an API conversion: the person, the sends down the waterfall, the call statuses. */
export function LeadSection({ lead, timeZone }: { lead: SessionLogRow; timeZone: string }) {
  const fields: Field[] = [
    {
      label: 'Lead ID',
      value: (
        <Text span size="sm" ff="monospace">
          {lead.uuid}
        </Text>
      ),
    },
    {
      label: 'Status',
      value: (
        <Group gap={4}>
          <LeadStatusBadge status={lead.status} />
          {lead.is_ftd && (
            <Badge color="green" variant="filled" radius="sm">
              FTD
            </Badge>
          )}
          {lead.needs_review && (
            <Badge color="orange" variant="outline" radius="sm">
              Review
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'Reason', value: leadReasonText(lead.reason) },
    { label: 'Name', value: [lead.first_name, lead.last_name].filter(Boolean).join(' ') },
    { label: 'Email', value: lead.email },
    { label: 'Phone', value: lead.phone },
    { label: 'IP', value: lead.ip },
    { label: 'Geo', value: lead.country ? <CountryFlag code={lead.country} /> : null },
    { label: 'Product', value: lead.product?.name },
    { label: 'Call status', value: callStatusText(lead.call_status) },
    { label: 'FTD at', value: when(lead.ftd_at, timeZone) },
    { label: 'Created', value: when(lead.created_at, timeZone) },
  ];
  return (
    <SectionCard title="Lead" testId="conversion-lead">
      <FieldList fields={fields} cols={3} />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Attempts
        </Text>
        <SessionAttempts attempts={lead.attempts ?? []} timeZone={timeZone} />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Call status history
        </Text>
        <SessionHistory history={lead.history ?? []} timeZone={timeZone} />
      </Stack>
    </SectionCard>
  );
}
