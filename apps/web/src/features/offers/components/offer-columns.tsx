import { Badge, Box, Stack, Text } from '@mantine/core';
import type { Offer } from '@pxl/contract/offers/offers.schemas';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { capText, detailPath, goalText, TYPE_LABELS, verticalLabel } from './offer-labels.ts';
import { StatusBadge } from './status-badge.tsx';
import { DASH } from '@/components/ui/dash.tsx';

/** One line per goal or cap; goals never break inside a line (payout and revenue read together). */
function Lines({ lines, nowrap = false }: { lines: string[]; nowrap?: boolean }) {
  if (lines.length === 0) return DASH;
  return (
    <Stack gap={2}>
      {lines.map((l) => (
        <Text key={l} size="sm" style={nowrap ? { whiteSpace: 'nowrap' } : { minWidth: 90 }}>
          {l}
        </Text>
      ))}
    </Stack>
  );
}

const goalLines = (o: Offer) => o.goals.map((g) => goalText(g, o.currency));
const capLines = (o: Offer) => o.caps.map(capText);

/** Columns of the staff offers list. */
export function offerColumns(timeZone: string): DataColumn<Offer>[] {
  return [
    {
      key: 'id',
      header: 'ID',
      sortable: true,
      width: 70,
      render: (o) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <RecordLink to={detailPath(o)}>{o.id}</RecordLink>
        </span>
      ),
    },
    // Goals and caps keep to one line each, so the title gets a floor rather than being squeezed letter by letter.
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      render: (o) => (
        <Box miw={130}>
          <RecordLink to={detailPath(o)}>{o.title}</RecordLink>
        </Box>
      ),
    },
    { key: 'type', header: 'Type', exportValue: (o) => TYPE_LABELS[o.type], render: (o) => TYPE_LABELS[o.type] },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      exportValue: (o) => statusLabel(o.status),
      render: (o) => <StatusBadge status={o.status} />,
    },
    {
      key: 'privacy',
      header: 'Privacy',
      exportValue: (o) => statusLabel(o.privacy),
      render: (o) => statusLabel(o.privacy),
    },
    {
      key: 'vertical',
      header: 'Vertical',
      hidden: true,
      exportValue: (o) => verticalLabel(o.vertical),
      render: (o) => verticalLabel(o.vertical),
    },
    {
      key: 'advertiser',
      header: 'Advertiser',
      exportValue: (o) => o.advertiser?.name ?? '',
      render: (o) => o.advertiser?.name ?? DASH,
    },
    {
      key: 'geos',
      header: 'Geos',
      exportValue: (o) => o.geos.join(', ') || 'All',
      render: (o) =>
        o.geos.length ? (
          <CountryFlags codes={o.geos} max={3} />
        ) : (
          <Text span size="sm" c="dimmed">
            All
          </Text>
        ),
    },
    {
      key: 'goals',
      header: 'Goals (payout / revenue)',
      exportValue: (o) => goalLines(o).join('; '),
      render: (o) => <Lines lines={goalLines(o)} nowrap />,
    },
    {
      key: 'caps',
      header: 'Caps',
      exportValue: (o) => capLines(o).join('; '),
      render: (o) => <Lines lines={capLines(o)} />,
    },
    {
      key: 'access_requests_pending',
      header: 'Requests',
      render: (o) =>
        o.access_requests_pending ? (
          <Badge color="yellow" variant="filled" radius="sm">
            {o.access_requests_pending}
          </Badge>
        ) : (
          DASH
        ),
    },
    { key: 'currency', header: 'Currency', hidden: true },
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
  ];
}
