import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { conversions, users } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';
import { click, clickIdOf, startClickWorld, storedClick, type ClickWorld } from '../tracking/click.fixtures.ts';
import { writeClicks, type ClickRow } from '../tracking/index.ts';
import {
  addPeriods,
  cutoffOf,
  defaultPartition,
  ensurePartitions,
  partitionName,
  partitionsOf,
  periodStart,
} from './partitions.ts';
import { runRetention } from './retention.service.ts';

let t: TestApp;
let w: ClickWorld;
const token = 'adv-a-token-retention-0001';
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
  await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, w.advA.id));
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const now = new Date();
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);
const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;
/** The partition a click is stored in, or null when it is not stored. */
const whereIs = async (id: string) =>
  (await q<{ part: string }>(sql`select tableoid::regclass::text as part from clicks where id = ${id}`))[0]?.part ??
  null;
const clickAt = (offerId: string, at: Date): ClickRow => ({
  id: randomUUID(),
  createdAt: at,
  offerId,
  affiliateId: w.affA.id,
  ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  country: 'GB',
});
const general = async () => (await api(t.app, 'GET', '/api/settings/v1/general', w.admin.token)).json.data;
const putGeneral = (body: Record<string, unknown>) =>
  api(t.app, 'PUT', '/api/settings/v1/general', w.admin.token, body);

describe('partitions ahead', () => {
  it("makes this period's partitions and the next ones, moving the rows the DEFAULT partition held for them", async () => {
    const far = new Date(now.getTime() + 30 * 7 * DAY);
    const early = clickAt(randomUUID(), far);
    await writeClicks(t.db, [early]);
    expect(await whereIs(early.id!)).toBe(defaultPartition('clicks'));

    const made = await ensurePartitions(t.db, far);
    expect(made.failed).toEqual([]);
    const week = periodStart('week', far);
    expect(made.created).toContain(partitionName('clicks', week));
    expect(made.created).toContain(partitionName('clicks', addPeriods('week', week, 4)));
    expect(made.created).toContain(partitionName('inbound_postbacks', periodStart('month', far)));
    expect(made.created).toContain(
      partitionName('outbound_attempts', addPeriods('month', periodStart('month', far), 2)),
    );
    expect(await whereIs(early.id!)).toBe(partitionName('clicks', week));

    // A partition ahead gone missing is made again by the next run; the ones there are left alone. A past week the
    // DEFAULT partition holds clicks of (the database was made after them) gets its partition and its clicks.
    const ahead = partitionName('clicks', addPeriods('week', periodStart('week', now), 2));
    await t.db.execute(sql.raw(`drop table ${ahead}`));
    const late = clickAt(randomUUID(), daysAgo(20));
    await writeClicks(t.db, [late]);
    expect(await whereIs(late.id!)).toBe(defaultPartition('clicks'));
    const again = await ensurePartitions(t.db, now);
    const past = partitionName('clicks', periodStart('week', daysAgo(20)));
    expect(again).toEqual({ created: [past, ahead], dropped: [], failed: [] });
    expect((await partitionsOf(t.db, 'clicks')).map((p) => p.name)).toContain(ahead);
    expect(await whereIs(late.id!)).toBe(past);
  });

  it('stores a click or a log row far outside every partition in the DEFAULT partition instead of refusing it', async () => {
    const offerId = randomUUID();
    const rows = [
      clickAt(offerId, new Date('1990-01-02T03:04:05Z')),
      clickAt(offerId, new Date('2200-05-06T07:08:09Z')),
    ];
    await writeClicks(t.db, rows);
    for (const r of rows) expect(await whereIs(r.id!)).toBe(defaultPartition('clicks'));
    const [rejected] = await q<{ n: number }>(
      sql`select count(*)::int as n from rejected_rows where row like ${`%${offerId}%`}`,
    );
    expect(rejected.n).toBe(0);
    await t.db.execute(sql`insert into inbound_postbacks (created_at, method, params, status_code, response)
      values ('1990-01-01', 'GET', '{}', 200, '{}'), ('2200-01-01', 'GET', '{}', 200, '{}')`);
    const [logs] = await q<{ n: number }>(
      sql`select count(*)::int as n from inbound_postbacks_default where created_at in ('1990-01-01', '2200-01-01')`,
    );
    expect(logs.n).toBe(2);
  });
});

describe('a click looked up by its id', () => {
  it('takes its postback whether it sits in an old partition or in the DEFAULT one', async () => {
    const o = await w.offer();
    await ensurePartitions(t.db, daysAgo(60));
    for (const at of [daysAgo(60), new Date('2001-02-03T00:00:00Z')]) {
      const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: '46.4.0.77' });
      const id = clickIdOf(res.headers.location as string)!;
      expect(await storedClick(t, t.db, id)).toBeTruthy();
      // Moving the row to another partition, as if it had been made then.
      await t.db.execute(sql`update clicks set created_at = ${at.toISOString()} where id = ${id}`);
      expect(await whereIs(id)).toBe(
        at.getFullYear() === 2001 ? defaultPartition('clicks') : partitionName('clicks', periodStart('week', at)),
      );
      const pb = await t.app.inject({
        method: 'GET',
        url: `/postback?click_id=${id}&goal=registration&token=${token}`,
      });
      expect(pb.statusCode, pb.body).toBe(200);
      const [conv] = await t.db.select().from(conversions).where(eq(conversions.id, pb.json().data.conversion_id));
      expect(conv.clickId).toBe(id);
      expect(conv.offerId).toBe(o.uuid);
    }
  });
});

describe('the retention setting', () => {
  it('is 90 days unless set, keeps 7 to 3650 whole days and refuses anything else', async () => {
    const before = await general();
    expect(before.raw_clicks_days).toBe(90);
    for (const bad of [6, 3651, 30.5, '30', null]) {
      const res = await putGeneral({ ...before, raw_clicks_days: bad });
      expect(res.status, `${bad}`).toBe(400);
      expect(res.json.error).toHaveProperty('raw_clicks_days');
    }
    expect((await general()).raw_clicks_days).toBe(90);
    for (const days of [7, 3650, 45]) {
      const res = await putGeneral({ ...before, raw_clicks_days: days });
      expect(res.status, res.body).toBe(200);
      expect((await general()).raw_clicks_days).toBe(days);
    }
  });

  it('drops whole partitions older than the days kept; newer clicks, the postback logs and the rollups stay', async () => {
    const offerId = randomUUID();
    const ages = [130, 100, 60, 35, 31, 29, 10, 0];
    for (const d of ages) await ensurePartitions(t.db, daysAgo(d));
    const rows = ages.map((d) => clickAt(offerId, daysAgo(d)));
    await writeClicks(t.db, rows);
    await t.db.execute(sql`insert into inbound_postbacks (created_at, offer_id, method, params, status_code, response)
      values (${daysAgo(100).toISOString()}, ${offerId}, 'GET', '{}', 200, '{}')`);
    const rolled = async () =>
      (
        await q<{ n: number }>(
          sql`select coalesce(sum(clicks), 0)::int as n from stats_daily where offer_id = ${offerId}`,
        )
      )[0].n;
    expect(await rolled()).toBe(ages.length);

    expect((await putGeneral({ ...(await general()), raw_clicks_days: 30 })).status).toBe(200);
    // A partition an earlier run detached but did not get to drop (the process stopped in between) goes too.
    await t.db.execute(sql.raw(`create table clicks_p20000103_expired (like clicks)`));
    const result = await runRetention(t.db, now);
    expect(result.failed).toEqual([]);
    const cutoff = cutoffOf(30, now);
    expect(result.dropped).toContain(partitionName('clicks', periodStart('week', daysAgo(130))));
    expect(result.dropped).toContain('clicks_p20000103');
    const [kept] = await q<{ n: number }>(sql`select count(*)::int as n from pg_class where relname like '%\_expired'`);
    expect(kept.n).toBe(0);

    const left = await partitionsOf(t.db, 'clicks');
    expect(left.filter((p) => p.to <= cutoff)).toEqual([]);
    // Nothing newer than the cutoff went: the oldest partition left still starts on or before it, at most a week before.
    expect(left[0].from.getTime()).toBeLessThanOrEqual(cutoff.getTime());
    expect(left[0].from.getTime()).toBeGreaterThan(cutoff.getTime() - 7 * DAY);
    for (const [i, r] of rows.entries()) {
      const weekEnd = addPeriods('week', periodStart('week', r.createdAt), 1);
      expect(await whereIs(r.id!), `${ages[i]} days ago`).toBe(
        weekEnd > cutoff ? partitionName('clicks', periodStart('week', r.createdAt)) : null,
      );
    }
    expect(await whereIs(rows.at(-1)!.id!)).not.toBeNull();
    expect(await whereIs(rows[0].id!)).toBeNull();
    // Rollups are kept forever; the postback logs keep at least a year.
    expect(await rolled()).toBe(ages.length);
    const [log] = await q<{ n: number }>(
      sql`select count(*)::int as n from inbound_postbacks where offer_id = ${offerId}`,
    );
    expect(log.n).toBe(1);
    // The DEFAULT partition's rows older than the cutoff are deleted too (the 1990 click of the test above).
    const [old] = await q<{ n: number }>(
      sql`select count(*)::int as n from clicks_default where created_at < ${cutoff.toISOString()}`,
    );
    expect(old.n).toBe(0);

    // The logs screens say how far back the raw data goes, to anyone who can open them.
    const res = await api(t.app, 'GET', '/api/settings/v1/raw-data', w.affA.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      raw_clicks_days: 30,
      clicks_from: left[0].from.toISOString().slice(0, 10),
      logs_days: 365,
    });
    expect(res.json.data.logs_from).toMatch(/^\d{4}-\d{2}-01$/);
  });
});
