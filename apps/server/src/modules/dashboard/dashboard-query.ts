import { generalQuerySchema, statFiltersSchema, type GeneralQuery, type StatFilters } from '@pxl/contract';
import type { DayRange } from './dashboard-periods.ts';

// The dashboard asks the report engine like the statistics screens do, but without a kind: the schema defaults kind
// to direct_link, so it is cleared after parsing. With no kind the engine drops the offer-type filter (both kinds of
// offer count) and adds the lead figures of API offers.

export const dashboardQuery = (tz: string, r: DayRange, extra: Record<string, unknown> = {}): GeneralQuery =>
  ({
    ...generalQuerySchema.parse({ tz, date_from: r.from, date_to: r.to, ...extra }),
    kind: undefined,
  }) as unknown as GeneralQuery;

export const dashboardFilters = (tz: string, r: DayRange): StatFilters =>
  ({ ...statFiltersSchema.parse({ tz, date_from: r.from, date_to: r.to }), kind: undefined }) as unknown as StatFilters;
