import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { DistributionStatusBadge, detailsPath, offerText, skipReasonText } from './cold-labels.tsx';
import { SendsTable } from './sends-table.tsx';
import { formatCount } from '@/lib/format/numbers.ts';

type CounterKey = 'queued' | 'sent' | 'accepted' | 'rejected' | 'pending' | 'ftd' | 'skipped';
const COUNTERS: { key: CounterKey; label: string; color?: string }[] = [
  { key: 'queued', label: 'Queued' },
  { key: 'sent', label: 'Sent' },
  { key: 'accepted', label: 'Accepted', color: 'green.7' },
  { key: 'rejected', label: 'Rejected', color: 'red.7' },
  { key: 'pending', label: 'Pending', color: 'yellow.8' },
  { key: 'ftd', label: 'FTD', color: 'green.8' },
  { key: 'skipped', label: 'Skipped' },
];

function Counters({ d }: { d: Distribution }) {
  const skips = Object.entries(d.counters.skipped_by).filter(([, n]) => n > 0);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm">
        {COUNTERS.map((c) => (
          <Paper key={c.key} withBorder radius="md" p="sm" data-testid={`counter-${c.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {/* A finished distribution sends nothing more: what it did not take is left, not waiting. */}
              {c.key === 'queued' && d.status !== 'active' && d.status !== 'paused' ? 'Not sent' : c.label}
            </Text>
            <Text size="xl" fw={700} c={d.counters[c.key] > 0 ? c.color : undefined} data-testid="counter-value">
              {formatCount(d.counters[c.key])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {skips.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="skip-reasons">
          Skipped: {skips.map(([key, n]) => `${skipReasonText(key)} (${n})`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
const when = (iso: string | null, timeZone: string) => formatDateLine(iso, timeZone) || '—';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Settings({ d, timeZone }: { d: Distribution; timeZone: string }) {
  const allDay = d.hour_from === 0 && d.hour_to === 24;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Field label="Lead list">
          <Anchor component={Link} to={detailsPath(d.list.uuid)} size="sm">
            {d.list.title}
          </Anchor>
        </Field>
        <Field label="Rule">{d.rule.name}</Field>
        <Field label="Sent as affiliate">
          {d.affiliate.name} ({d.affiliate.email})
        </Field>
        <Field label="Offer">{offerText(d.offer)}</Field>
        <Field label="Products">
          {d.products.length ? d.products.map((p) => p.name).join(', ') : 'All of the offer'}
        </Field>
        <Field label="Dates">
          {d.start_date.slice(0, 10)} – {d.end_date ? d.end_date.slice(0, 10) : 'no end'}
        </Field>
        <Field label="Hours">
          {allDay ? 'All day' : `${hour(d.hour_from)}–${hour(d.hour_to)}`} ({d.time_zone})
        </Field>
        <Field label="Pause between sends">
          {d.interval_min}–{d.interval_max} s
        </Field>
        <Field label="Daily limit">{d.daily_limit === null ? 'No limit' : formatCount(d.daily_limit)}</Field>
        <Field label="Order">{d.order === 'newest' ? 'Newest leads first' : 'Oldest leads first'}</Field>
        <Field label="Last send">
          <span data-testid="last-send">{when(d.last_send_at, timeZone)}</span>
        </Field>
        <Field label="Next send">
          <span data-testid="next-send">{d.status === 'active' ? when(d.next_send_at, timeZone) : '—'}</span>
        </Field>
      </SimpleGrid>
    </Paper>
  );
}

/** A distribution's page: status, counters, why it waits, its settings and every send. */
export function DistributionView({ d, timeZone, actions }: { d: Distribution; timeZone: string; actions: ReactNode }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm" data-testid="distribution-header">
        <Group gap="sm">
          <Title order={3}>{d.title}</Title>
          <DistributionStatusBadge status={d.status} />
        </Group>
        {actions}
      </Group>
      {d.waiting && d.status === 'active' && (
        <Alert color="gray" icon={<IconClock size={18} />} data-testid="waiting">
          {d.waiting}
        </Alert>
      )}
      <Counters d={d} />
      <Settings d={d} timeZone={timeZone} />
      <Title order={4}>Sends</Title>
      <SendsTable uuid={d.uuid} running={d.status === 'active'} timeZone={timeZone} />
    </Stack>
  );
}
