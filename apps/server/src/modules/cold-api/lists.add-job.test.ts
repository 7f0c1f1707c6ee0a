import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldAddJobs, coldListLeads } from '../../db/schema.ts';
import { COLD_DAY, coldCalls, makeList, startColdWorld } from './cold.fixtures.ts';
import { ADD_CHUNK } from './lists.add-job.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import { insertOffer } from '../statistic-logs/statistic-logs.fixtures.ts';

let s: Awaited<ReturnType<typeof startColdWorld>>;
let calls: ReturnType<typeof coldCalls>;
/** An offer with more leads than one chunk: ADD_CHUNK + 150 of affA (failed) and 40 of affB. */
let bulk: { id: string };
const IN_SCOPE = ADD_CHUNK + 150;
const OUTSIDE = 40;

beforeAll(async () => {
  s = await startColdWorld({ pollingIntervalSeconds: 0.5 });
  calls = coldCalls(s.t.app);
  bulk = await insertOffer(s.t.db, 'api', s.w.advA.id, `Bulk ${s.w.tag}`);
  const many = (affiliateId: string, n: number, tag: string) =>
    s.t.db.execute(sql`insert into leads (offer_id, affiliate_id, email, phone, country, status, created_at)
      select ${bulk.id}::uuid, ${affiliateId}::uuid, ${tag} || g || '@bulk.test', '+4915100' || g, 'DE', 'failed',
        ${`${COLD_DAY}T12:00:00Z`}::timestamptz - g * interval '1 second'
      from generate_series(1, ${n}) g`);
  await many(s.w.affA.id, IN_SCOPE, 'a');
  await many(s.w.affB.id, OUTSIDE, 'b');
});
afterAll(async () => s?.stop());

const data = (res: { status: number; body: string; json: { data: any } }) => {
  expect(res.status, res.body).toBe(200);
  return res.json.data;
};

/** Polls the list until its last addition ends (a deadline, no sleeps racing the job). */
const finished = async (m: Member, list: string) => {
  const end = Date.now() + 30_000;
  for (;;) {
    const found = data(await calls.getList(m, list));
    if (found.job && found.job.state !== 'running') return found;
    if (Date.now() > end) throw new Error(`the addition did not end: ${JSON.stringify(found.job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const addAll = async (m: Member, list: string, filters: Record<string, unknown>, source = 'user_session') =>
  data(await calls.add(m, list, { source, filters }));

describe('adding every lead of a filter', () => {
  it('runs in the background in chunks until its progress reaches the total', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    const started = await addAll(s.w.admin, list, { offer: [bulk.id], never_ftd: 'true' });
    expect(started).toMatchObject({ added: 0, job: { state: 'running', done: 0, added: 0, error: null } });
    const after = await finished(s.w.admin, list);
    const total = IN_SCOPE + OUTSIDE;
    expect(after.job).toMatchObject({ uuid: started.job.uuid, state: 'done', total, done: total, added: total });
    expect(after.job.finished_at).not.toBeNull();
    expect(after).toMatchObject({ leads: total, user_sessions: total });
    // The add page opens with the filters last used, as they were sent.
    expect(after.filters).toEqual({ offer: [bulk.id], never_ftd: 'true' });
    const rows = await s.t.db.select().from(coldListLeads).where(eq(coldListLeads.listId, list));
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['user_session']));
  });

  it('adds nothing twice: a second run over the same filter adds none', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    await addAll(s.w.admin, list, { offer: [bulk.id], affiliate: [s.w.affB.id] });
    expect((await finished(s.w.admin, list)).job).toMatchObject({ total: OUTSIDE, added: OUTSIDE });
    await addAll(s.w.admin, list, { offer: [bulk.id], affiliate: [s.w.affB.id] });
    const again = await finished(s.w.admin, list);
    expect(again.job).toMatchObject({ state: 'done', total: OUTSIDE, done: OUTSIDE, added: 0 });
    expect(again.leads).toBe(OUTSIDE);
  });

  it("a team lead's addition takes only their team's affiliates' leads", async () => {
    const list = await makeList(s.t.app, s.w.admin);
    await addAll(s.w.lead, list, { offer: [bulk.id] });
    const after = await finished(s.w.admin, list);
    expect(after.job).toMatchObject({ state: 'done', total: IN_SCOPE, added: IN_SCOPE });
    expect(after.leads).toBe(IN_SCOPE);
  });

  it('from the conversion tab adds the leads behind the matching conversions, with their conversion', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    await addAll(s.w.admin, list, { offer: [s.w.source.id], conversion_status: ['pending'] }, 'conversion');
    expect((await finished(s.w.admin, list)).job).toMatchObject({ state: 'done', total: 1, added: 1 });
    const rows = await s.t.db.select().from(coldListLeads).where(eq(coldListLeads.listId, list));
    expect(rows.map((r) => [r.leadId, r.source, r.conversionId])).toEqual([
      [s.w.stored.ftd.id, 'conversion', s.w.conversions.ftd.id],
    ]);
  });

  it('is refused while another addition to the list runs, and for bad filters, before any job is made', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    await s.t.db
      .insert(coldAddJobs)
      .values({ listId: list, source: 'user_session', filters: {}, state: 'running', total: 900, done: 300 });
    const busy = await calls.add(s.w.admin, list, { source: 'user_session', filters: { offer: [bulk.id] } });
    expect(busy.status).toBe(409);
    expect(busy.json).toEqual({
      status: 'error',
      data: null,
      error: { filters: 'An addition to this list is still running (300 of 900); wait until it ends' },
    });
    // Ticked leads are still added while it runs: they take no chunked walk.
    const ticked = await calls.add(s.w.admin, list, { source: 'user_session', lead_uuids: [s.w.stored.failed.id] });
    expect(data(ticked).added).toBe(1);
    const other = await makeList(s.t.app, s.w.admin);
    const back = await calls.add(s.w.admin, other, {
      source: 'user_session',
      filters: { date_from: '2026-03-12', date_to: '2026-03-11' },
    });
    expect(back.status).toBe(400);
    expect(back.json.error).toEqual({ date_to: 'The end date is before the start date' });
    const tab = await calls.add(s.w.admin, other, { source: 'user_session', filters: { conversion_status: ['hold'] } });
    expect(tab.json.error).toEqual({ conversion_status: 'The conversion status filters the conversion tab only' });
    const bad = await calls.add(s.w.admin, other, { source: 'user_session', filters: { geo: ['de'] } });
    expect(bad.json.error).toEqual({ 'filters.geo.0': 'Use ISO country codes' });
    expect(await s.t.db.select().from(coldAddJobs).where(eq(coldAddJobs.listId, other))).toEqual([]);
  });
});
