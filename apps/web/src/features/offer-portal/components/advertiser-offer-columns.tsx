import { Badge, Stack, Text } from '@mantine/core';
import type { AdvertiserOffer } from '@pxl/contract/offers/portal.schemas';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import {
  advertiserDetailPath,
  labelOf,
  STATIC_REFS,
  STATUS_COLORS,
  STATUS_LABELS,
  TYPE_LABELS,
} from './offer-labels.ts';
import { formatCount } from '@/lib/format/numbers.ts';

type Goal = AdvertiserOffer['goals'][number];
const goalLabel = (g: Goal) => labelOf(STATIC_REFS.goals, g.goal);
/** "FTD: $100.00 (+2 countries)": the default revenue; per-country rates are on the detail page. */
export const goalRevenueText = (g: Goal, currency: string): string =>
  `${goalLabel(g)}: ${formatMoney(g.revenue, currency as Currency)}${g.geo_rates.length ? ` (+${g.geo_rates.length} countr${g.geo_rates.length === 1 ? 'y' : 'ies'})` : ''}`;

/** Columns of the advertiser's own offers: revenue (what they pay), never payouts or affiliates. */
export function advertiserOfferColumns(timeZone: string): DataColumn<AdvertiserOffer>[] {
  return [
    {
      key: 'id',
      header: 'ID',
      sortable: true,
      width: 80,
      render: (o) => <RecordLink to={advertiserDetailPath(o)}>{o.id}</RecordLink>,
    },
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      width: 220,
      render: (o) => <RecordLink to={advertiserDetailPath(o)}>{o.title}</RecordLink>,
    },
    {
      key: 'type',
      header: 'Type',
      exportValue: (o) => TYPE_LABELS[o.type],
      render: (o) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {TYPE_LABELS[o.type]}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      exportValue: (o) => STATUS_LABELS[o.status],
      render: (o) => (
        <Badge color={STATUS_COLORS[o.status]} variant="light" radius="sm" style={{ whiteSpace: 'nowrap' }}>
          {STATUS_LABELS[o.status]}
        </Badge>
      ),
    },
    {
      key: 'geos',
      header: 'Countries',
      render: (o) =>
        o.geos.length ? (
          <CountryFlags codes={o.geos} />
        ) : (
          <Text span size="sm" c="dimmed">
            All
          </Text>
        ),
    },
    {
      key: 'goals',
      header: 'Goals and revenue',
      exportValue: (o) => o.goals.map((g) => goalRevenueText(g, o.currency)).join('; '),
      render: (o) =>
        o.goals.length ? (
          <Stack gap={2}>
            {o.goals.map((g) => (
              <Text key={g.goal} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {goalRevenueText(g, o.currency)}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'clicks',
      header: 'Clicks',
      exportValue: (o) => o.figures.clicks,
      render: (o) => formatCount(o.figures.clicks),
    },
    {
      key: 'conversions',
      header: 'Conversions',
      exportValue: (o) => o.figures.conversions,
      render: (o) => formatCount(o.figures.conversions),
    },
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
  ];
}
