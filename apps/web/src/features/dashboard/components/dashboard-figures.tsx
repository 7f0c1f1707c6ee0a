import { lazy, Suspense } from 'react';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Role } from '@pxl/contract/access/roles';
import { useDashboardSummary } from '../api/get-summary.ts';
import { leadSkips } from '../figures.ts';
import { CapsCard } from './caps-card.tsx';
import { PeriodCard } from './period-card.tsx';
import { TopTable } from './top-table.tsx';

// The charting library is most of this screen's code: the figures need not wait for it.
const DashboardChart = lazy(() => import('./dashboard-chart.tsx').then((m) => ({ default: m.DashboardChart })));

/** The figures of docs/product/statistics.md for any role; the server scopes and strips them, this shows what it sent. */
export function DashboardFigures({ role }: { role: Role }) {
  const summary = useDashboardSummary();
  if (summary.isPending) return <Skeleton h={320} radius="md" />;
  if (!summary.data) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="red.7">The figures could not be loaded.</Text>
      </Paper>
    );
  }
  const d = summary.data;
  const range = { from: d.chart[0]?.at ?? d.month.date_from, to: d.today.date_to };
  const skip = leadSkips(d);
  return (
    <Stack gap="md" data-testid="dashboard-figures">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <PeriodCard title="Today" period={d.today} versus="yesterday" skip={skip} testId="period-today" />
        <PeriodCard
          title="Yesterday"
          period={d.yesterday}
          versus="the day before"
          skip={skip}
          testId="period-yesterday"
        />
        <PeriodCard
          title="This month"
          period={d.month}
          versus="the same days of last month"
          skip={skip}
          testId="period-month"
        />
      </SimpleGrid>
      <Suspense fallback={<Skeleton h={290} radius="md" />}>
        <DashboardChart points={d.chart} skip={skip} />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: role === 'affiliate' ? 1 : 2 }} spacing="md">
        <TopTable
          title="Top offers, last 30 days"
          rows={d.top_offers}
          filter="offer"
          range={range}
          testId="top-offers"
        />
        {role !== 'affiliate' && (
          <TopTable
            title="Top affiliates, last 30 days"
            rows={d.top_affiliates}
            filter="affiliate"
            range={range}
            testId="top-affiliates"
          />
        )}
      </SimpleGrid>
      {d.caps_near_full && <CapsCard caps={d.caps_near_full} />}
      <Text size="xs" c="dimmed">
        Days in the {d.tz} time zone.
      </Text>
    </Stack>
  );
}
