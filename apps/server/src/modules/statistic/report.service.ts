import type {
  FraudSettings,
  GeneralQuery,
  Role,
  GeneralReport,
  GeneralRow,
  StatChart,
  StatDimension,
  StatFilters,
  StatKey,
  StatMetrics,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { statsZones } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { getFraudSettings } from '../fraud/index.ts';
import { generalSettings } from '../settings/index.ts';
import { checkRoleFields, filterSql, isCoarse, needsRaw, scopeSql } from './report-filters.ts';
import { toMetrics } from './report-metrics.ts';
import { addDays, chooseSource, daysBetween, periodSql, resolveRange } from './report-period.ts';
import { aggregateSql, type AggregateRow, type Paging, type ReportSpec } from './report-query.ts';
import type { RawFraud, SourceKind } from './report-source.ts';
import { pageOf } from '../../lib/paging.ts';

type Options = { now?: Date; source?: SourceKind };

/** The zones `stats_daily_core` is cut at (migration 0015). */
const statZones = async (db: Db) => (await db.select().from(statsZones)).map((z) => z.zone);

const rawFraudOf = (s: FraudSettings): RawFraud => ({
  flagAt: s.actions.flag_at,
  trafficbackAt: s.actions.trafficback_click_at,
  allowed: s.allowed_affiliate_ids,
});

/** Everything a report query needs but its period: checked role fields, zone, scope and filters. */
const prepare = async (db: Db, auth: AuthContext, f: StatFilters, dims: StatDimension[], now?: Date) => {
  checkRoleFields(auth, f, dims);
  const tz = f.tz ?? (await generalSettings.get(db)).time_zone;
  const range = resolveRange(f, tz, { now });
  const where = [...filterSql(f), scopeSql(db, auth)].filter((w) => w !== undefined);
  const joinAffiliate = dims.includes('manager') || Boolean(f.manager?.length);
  const joinProduct =
    dims.includes('advertiser') ||
    Boolean(f.advertiser?.length || f.account_manager?.length) ||
    auth.user.role === 'advertiser';
  return {
    tz,
    range,
    where,
    joinAffiliate,
    joinProduct,
    filters: f,
    rawNeeded: needsRaw(f, dims),
    cutZones: await statZones(db),
    fraud: rawFraudOf(await getFraudSettings(db)),
  };
};
type Prepared = Awaited<ReturnType<typeof prepare>>;

/** Reports that read every click and conversion (sub IDs, status, half-hour zones) keep to a month: rollups serve longer ones. */
export const MAX_RAW_DAYS = 31;

const specOf = (
  p: Prepared,
  auth: AuthContext,
  dims: StatDimension[],
  from: string,
  to: string,
  forced?: SourceKind,
): ReportSpec => {
  const source =
    forced ??
    chooseSource(
      { dims, rawNeeded: p.rawNeeded, coarse: isCoarse(p.filters, dims), cutZones: p.cutZones },
      from,
      to,
      p.tz,
    );
  if (!forced && source === 'raw' && daysBetween(from, to) > MAX_RAW_DAYS) {
    throw badRequest(
      'date_from',
      `Sub IDs, conversion status and half-hour time zones read every click: choose at most ${MAX_RAW_DAYS} days`,
    );
  }
  return {
    source,
    period: periodSql(from, to, p.tz),
    tz: p.tz,
    dims,
    where: p.where,
    asAdvertiser: auth.user.role === 'advertiser',
    joinAffiliate: p.joinAffiliate,
    joinProduct: p.joinProduct,
    fraud: p.fraud,
  };
};

const run = async (db: Db, spec: ReportSpec, paging?: Paging) =>
  (await db.execute<AggregateRow>(aggregateSql(spec, paging))).rows;
const pagingOf = (q: GeneralQuery): Paging => ({ sort: q.sort, order: q.order, ...pageOf(q) });
const listOf = (rows: AggregateRow[], q: GeneralQuery, role: Role) =>
  rows.map((r) => ({
    keys: q.group.map((dimension, i): StatKey => ({ dimension, value: r[`k${i}`], label: r[`label${i}`] })),
    ...toMetrics(r, role, q.kind),
  }));

/** The general report (docs/product/statistics.md): a page of grouped rows, totals over all of them, optionally the period before. */
export const generalReport = async (
  db: Db,
  auth: AuthContext,
  q: GeneralQuery,
  o: Options = {},
): Promise<GeneralReport> => {
  const p = await prepare(db, auth, q, q.group, o.now);
  const { from, to } = p.range;
  const spec = specOf(p, auth, q.group, from, to, o.source);
  const prevTo = addDays(from, -1);
  const prevFrom = addDays(prevTo, 1 - daysBetween(from, to));
  const [rows, [totals], previous] = await Promise.all([
    run(db, spec, pagingOf(q)),
    run(db, { ...spec, dims: [] }),
    q.compare ? run(db, specOf(p, auth, [], prevFrom, prevTo, o.source)) : Promise.resolve(null),
  ]);
  const role = auth.user.role;
  return {
    list: listOf(rows, q, role),
    count: Number(rows[0]?.n ?? 0),
    totals: toMetrics(totals, role, q.kind),
    previous: previous ? { date_from: prevFrom, date_to: prevTo, totals: toMetrics(previous[0], role, q.kind) } : null,
    date_from: from,
    date_to: to,
    tz: p.tz,
    source: spec.source === 'raw' ? 'raw' : 'rollup',
  };
};

/** Which source the general report reads for the query (the bench prints it). */
export const reportSource = async (
  db: Db,
  auth: AuthContext,
  q: GeneralQuery,
  o: Options = {},
): Promise<SourceKind> => {
  const p = await prepare(db, auth, q, q.group, o.now);
  return specOf(p, auth, q.group, p.range.from, p.range.to).source;
};

/** The totals of the filters' period alone, in one query (the dashboard's figures). */
export const totalsReport = async (
  db: Db,
  auth: AuthContext,
  f: StatFilters,
  o: Options = {},
): Promise<StatMetrics> => {
  const p = await prepare(db, auth, f, [], o.now);
  const [totals] = await run(db, specOf(p, auth, [], p.range.from, p.range.to, o.source));
  return toMetrics(totals, auth.user.role, f.kind);
};

/** A page of grouped rows without totals or count (the dashboard's tops). */
export const reportRows = async (
  db: Db,
  auth: AuthContext,
  q: GeneralQuery,
  o: Options = {},
): Promise<GeneralRow[]> => {
  const p = await prepare(db, auth, q, q.group, o.now);
  return listOf(
    await run(db, specOf(p, auth, q.group, p.range.from, p.range.to, o.source), pagingOf(q)),
    q,
    auth.user.role,
  );
};

/** Points per day, or per hour for a range of one or two days; days without traffic are zeros. */
export const chartReport = async (db: Db, auth: AuthContext, f: StatFilters, o: Options = {}): Promise<StatChart> => {
  const p = await prepare(db, auth, f, [], o.now);
  const { from, to } = p.range;
  const step = daysBetween(from, to) <= 2 ? 'hour' : 'day';
  const rows = await run(db, specOf(p, auth, [step], from, to, o.source));
  const byKey = new Map(rows.map((r) => [r.k0, r]));
  const empty = { n: '0', payout: null, revenue: null } as unknown as AggregateRow;
  const keys =
    step === 'day'
      ? Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i))
      : Array.from(
          { length: daysBetween(from, to) * 24 },
          (_, i) => `${addDays(from, Math.floor(i / 24))} ${String(i % 24).padStart(2, '0')}:00`,
        );
  return {
    step,
    tz: p.tz,
    points: keys.map((at) => ({ at, ...toMetrics(byKey.get(at) ?? empty, auth.user.role, f.kind) })),
  };
};
