import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ColdRule, ruleQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldRules } from '../../db/schema.ts';
import { takePage } from '../../lib/paging.ts';
import { containsPattern, totalOf } from '../../lib/people.ts';

type RuleQuery = z.output<typeof ruleQuerySchema>;
const r = coldRules;

const select = (db: Db) =>
  db
    .select({
      r,
      distributions:
        sql<number>`(select count(*) from cold_distributions d where d.rule_id = cold_rules.id and d.status <> 'deleted')`.mapWith(
          Number,
        ),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(r);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toRule = ({ r: x, distributions }: Row): ColdRule => ({
  uuid: x.id,
  name: x.name,
  max_resends: x.maxResends,
  min_days_between: x.minDaysBetween,
  never_same_product: x.neverSameProduct,
  skip_ftd: x.skipFtd,
  geos: x.geos,
  send_original_ip: x.sendOriginalIp,
  neutral_ip: x.neutralIp,
  regenerate_password: x.regeneratePassword,
  funnel: x.funnel,
  distributions,
  created_at: x.createdAt.toISOString(),
  updated_at: x.updatedAt.toISOString(),
});

export const findRule = async (db: Db, id: string) => {
  const [row] = await select(db).where(eq(r.id, id)).limit(1);
  return row ? toRule(row) : null;
};

/** Rules are shared by every Cold API role; created-date bounds are days in the general settings' zone. */
export const listRules = async (db: Db, q: RuleQuery, timeZone: string) => {
  const where: SQL | undefined = and(
    q.search ? ilike(r.name, containsPattern(q.search)) : undefined,
    q.created_from ? sql`${r.createdAt} >= (${q.created_from}::date)::timestamp at time zone ${timeZone}` : undefined,
    q.created_to ? sql`${r.createdAt} < (${q.created_to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(dir(q.sort === 'name' ? r.name : r.createdAt), desc(r.createdAt), asc(r.id))
      .$dynamic(),
    q,
  );
  return { list: rows.map(toRule), count: await totalOf(db, rows, q.page, where, r) };
};
