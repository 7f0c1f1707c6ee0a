import { isStaff, type Dashboard, type GeneralRow, type StatMetrics } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalSettings } from '../settings/index.ts';
import { todayIn, chartReport, reportRows, totalsReport } from '../statistic/index.ts';
import { capsNearFull, offersRun } from './dashboard-caps.ts';
import { dashboardPeriods, type DayRange } from './dashboard-periods.ts';
import { dashboardFilters, dashboardQuery } from './dashboard-query.ts';

// Every figure comes from the report engine, so the dashboard says what the general report says for the same days,
// scoped and stripped per role by the engine (docs/product/statistics.md).

const TOP = 5;

/** A period's figures against those before it (each period's totals are one query; yesterday's serves twice). */
const compared = async (
  r: DayRange,
  ...figures: [Promise<StatMetrics>, Promise<StatMetrics>]
): Promise<Dashboard['month']> => {
  const [current, previous] = await Promise.all(figures);
  return { date_from: r.from, date_to: r.to, current, previous };
};

const topRow = ({ keys: [key], ...metrics }: GeneralRow) => ({ uuid: key.value, label: key.label, metrics });

/** The first five by conversions; rows without an affiliate (clicks of no one) are no top affiliate. */
const top = async (db: Db, auth: AuthContext, tz: string, r: DayRange, group: 'offer' | 'affiliate') => {
  const rows = await reportRows(
    db,
    auth,
    dashboardQuery(tz, r, { group, sort: 'conversions', order: 'desc', count: TOP + 1 }),
  );
  return rows
    .filter((row) => row.keys[0].value !== NO_ID)
    .slice(0, TOP)
    .map(topRow);
};

/**
 * Caps near full for staff. Admin and head: every offer. Managers and team leads: the offers their affiliates ran in
 * the last 30 days, because a cap matters to them when it stops their affiliates' traffic, and team leads have no
 * offers screen, so "every offer" would show them offers they cannot otherwise see.
 */
const caps = async (db: Db, auth: AuthContext, tz: string, last30: DayRange) => {
  const role = auth.user.role;
  const offerIds = role === 'admin' || role === 'head' ? null : await offersRun(db, auth, tz, last30);
  return capsNearFull(db, auth, tz, offerIds);
};

export const dashboardSummary = async (db: Db, auth: AuthContext, now = new Date()): Promise<Dashboard> => {
  const tz = (await generalSettings.get(db)).time_zone;
  const p = dashboardPeriods(todayIn(tz, now));
  const staff = isStaff(auth.user.role);
  const figures = (r: DayRange) => totalsReport(db, auth, dashboardFilters(tz, r));
  const [todays, yesterdays, dayBefores] = [p.today, p.yesterday, p.dayBefore].map(figures);
  const [today, yesterday, month, chart, topOffers, topAffiliates, capsNear] = await Promise.all([
    compared(p.today, todays, yesterdays),
    compared(p.yesterday, yesterdays, dayBefores),
    compared(p.month, figures(p.month), figures(p.monthBefore)),
    chartReport(db, auth, dashboardFilters(tz, p.last30)),
    top(db, auth, tz, p.last30, 'offer'),
    // An affiliate's only affiliate is themselves.
    auth.user.role === 'affiliate' ? Promise.resolve([]) : top(db, auth, tz, p.last30, 'affiliate'),
    staff ? caps(db, auth, tz, p.last30) : Promise.resolve(undefined),
  ]);
  return {
    tz,
    today,
    yesterday,
    month,
    chart: chart.points,
    top_offers: topOffers,
    top_affiliates: topAffiliates,
    ...(capsNear && { caps_near_full: capsNear }),
  };
};
