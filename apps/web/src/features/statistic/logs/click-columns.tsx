import { Badge, Group, Text } from '@mantine/core';
import type { ClickLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { TRAFFICBACK_REASONS } from '@pxl/contract/tracking/tracking.schemas';
import type { DataColumn } from '@/components/data-table/index.ts';
import { dateColumn, geoColumn, IdCell, offerText, OneLine, subColumns, textColumn } from './cells.tsx';
import { partnerText, type LogAccess } from './log-access.ts';
import { DASH } from '@/components/ui/dash.tsx';
import { fraudColumn } from './fraud-parts.tsx';

type Row = ClickLogRow;

/** Unique, bot and trafficback at a glance; the reason names why the visitor did not reach the offer. */
function ClickFlags({ row }: { row: Row }) {
  return (
    <Group gap={4} wrap="nowrap">
      {row.is_unique && (
        <Badge color="teal" variant="light" radius="sm">
          Unique
        </Badge>
      )}
      {row.is_bot && (
        <Badge color="orange" variant="light" radius="sm">
          Bot
        </Badge>
      )}
      {!row.is_unique && !row.is_bot && (
        <Text span size="sm" c="dimmed">
          Repeat
        </Text>
      )}
    </Group>
  );
}

export const trafficbackText = (reason: string | null): string =>
  reason ? ((TRAFFICBACK_REASONS as Record<string, string>)[reason] ?? reason.replace(/_/g, ' ')) : '';

/** Every recorded field of a click (docs/product/statistics.md); the rarely needed ones wait in the column chooser. */
export function clickColumns(access: LogAccess, timeZone: string): DataColumn<Row>[] {
  return [
    dateColumn<Row>('created_at', 'Time', (r) => r.created_at, timeZone),
    { key: 'uuid', header: 'Click ID', width: 120, render: (r) => <IdCell id={r.uuid} /> },
    {
      key: 'offer',
      header: 'Offer',
      render: (r) => <OneLine text={offerText(r.offer)} length={28} />,
      exportValue: (r) => offerText(r.offer),
    },
    ...(access.affiliate ? [textColumn<Row>('affiliate', 'Affiliate', (r) => partnerText(r.affiliate))] : []),
    textColumn<Row>('landing', 'Landing', (r) => r.landing?.name),
    geoColumn<Row>(),
    textColumn<Row>('device', 'Device', (r) => r.device, 16),
    textColumn<Row>('os', 'OS', (r) => r.os, 16),
    textColumn<Row>('browser', 'Browser', (r) => r.browser, 16, true),
    {
      key: 'ip',
      header: 'IP',
      render: (r) =>
        r.ip ? (
          <Text span size="sm" ff="monospace">
            {r.ip}
          </Text>
        ) : (
          DASH
        ),
    },
    {
      key: 'is_unique',
      header: 'Kind',
      render: (r) => <ClickFlags row={r} />,
      exportValue: (r) => [r.is_unique ? 'unique' : 'repeat', r.is_bot ? 'bot' : ''].filter(Boolean).join(', '),
    },
    {
      key: 'trafficback_reason',
      header: 'Trafficback',
      render: (r) =>
        r.trafficback_reason ? (
          <Badge color="red" variant="light" radius="sm">
            {trafficbackText(r.trafficback_reason)}
          </Badge>
        ) : (
          DASH
        ),
      exportValue: (r) => trafficbackText(r.trafficback_reason),
    },
    ...fraudColumn<Row>(access),
    ...subColumns<Row>(),
    textColumn<Row>('referrer', 'Referrer', (r) => r.referrer, 30, true),
    textColumn<Row>('user_agent', 'User agent', (r) => r.user_agent, 40, true),
  ];
}
