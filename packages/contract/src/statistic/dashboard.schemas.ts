import { z } from 'zod';
import { statMetricsSchema } from './statistic.schemas.ts';

// The dashboard (docs/product/statistics.md). Figures are the statistics metrics, stripped per role the same way.

const period = z.object({
  /** Days in the partner time zone, inclusive. */
  date_from: z.string(),
  date_to: z.string(),
  current: statMetricsSchema,
  /** The period before of the same length (yesterday for today, the day before for yesterday, last month to date). */
  previous: statMetricsSchema,
});

const topRow = z.object({ uuid: z.uuid(), label: z.string(), metrics: statMetricsSchema });

export const dashboardSchema = z.object({
  tz: z.string(),
  today: period,
  yesterday: period,
  month: period,
  /** Last 30 days, one point per day. */
  chart: z.array(statMetricsSchema.extend({ at: z.string() })),
  /** Top 5 by conversions over the last 30 days; affiliates get no top affiliates, advertisers see affiliates by ID. */
  top_offers: z.array(topRow),
  top_affiliates: z.array(topRow),
  /** Staff: caps at 80 % or more of their limit, fullest first. */
  caps_near_full: z
    .array(
      z.object({
        offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }),
        affiliate: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
        period: z.string(),
        metric: z.string(),
        used: z.number().int(),
        limit: z.number().int(),
      }),
    )
    .optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
