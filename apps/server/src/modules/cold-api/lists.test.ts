import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldAddJobs, coldDistributions, coldListLeads, coldSends } from '../../db/schema.ts';
import {
  COLD_DAY,
  coldCalls,
  insertDistribution,
  insertRule,
  insertSend,
  makeList,
  startColdWorld,
} from './cold.fixtures.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import { leadBody, sendLead } from '../leads/leads.fixtures.ts';

let s: Awaited<ReturnType<typeof startColdWorld>>;
let calls: ReturnType<typeof coldCalls>;
beforeAll(async () => {
  s = await startColdWorld();
  calls = coldCalls(s.t.app);
});
afterAll(async () => s?.stop());

const data = <T = any>(res: { status: number; body: string; json: { data: T } }) => {
  expect(res.status, res.body).toBe(200);
  return res.json.data;
};
const listLeads = async (m: Member, uuid: string, query: Record<string, string> = {}) =>
  data(await calls.listLeads(m, uuid, query)) as { list: any[]; count: number };
const distributionFor = async (listId: string, over: Partial<typeof coldDistributions.$inferInsert> = {}) =>
  insertDistribution(
    s.t.db,
    { listId, ruleId: (await insertRule(s.t.db)).id, affiliateId: s.w.affA.id, offerId: s.w.source.id },
    over,
  );

describe('lists', () => {
  it('are made, renamed, found and shared by every Cold API role', async () => {
    const made = data(await calls.createList(s.w.lead, { title: `  Crypto ${s.w.tag}  `, source: 'conversion' }));
    expect(made).toMatchObject({
      title: `Crypto ${s.w.tag}`,
      source: 'conversion',
      leads: 0,
      user_sessions: 0,
      conversions: 0,
      filters: null,
      job: null,
      created_by: { uuid: s.w.lead.id },
    });
    const renamed = data(await calls.updateList(s.w.admin, made.uuid, { title: `Crypto DE ${s.w.tag}` }));
    expect(renamed).toMatchObject({ title: `Crypto DE ${s.w.tag}`, source: 'user_session' });
    for (const m of [s.w.admin, s.w.head, s.w.lead]) {
      const found = data(await calls.lists(m, { search: `crypto de ${s.w.tag}` }));
      expect(found.list.map((l: { uuid: string }) => l.uuid)).toEqual([made.uuid]);
      expect(data(await calls.getList(m, made.uuid)).title).toBe(`Crypto DE ${s.w.tag}`);
    }
  });

  it('refuses a missing or long title and answers 404 for an unknown list', async () => {
    const empty = await calls.createList(s.w.admin, { title: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ status: 'error', data: null, error: { title: 'Title is required' } });
    const long = await calls.createList(s.w.admin, { title: 'x'.repeat(201) });
    expect(long.json.error).toEqual({ title: 'At most 200 characters' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await calls.getList(s.w.admin, unknown),
      await calls.updateList(s.w.admin, unknown, { title: 'x' }),
      await calls.removeList(s.w.admin, unknown),
      await calls.add(s.w.admin, unknown, { source: 'user_session', lead_uuids: [s.w.stored.accepted.id] }),
      await calls.listLeads(s.w.admin, unknown),
    ]) {
      expect(res.status, res.body).toBe(404);
      expect(res.json.error).toEqual({ not_found: 'Lead list not found' });
    }
  });

  it('sort by title both ways', async () => {
    const tag = `sort-${s.w.tag}`;
    for (const title of [`${tag} b`, `${tag} a`, `${tag} c`]) data(await calls.createList(s.w.admin, { title }));
    const titles = async (order: string) =>
      data(await calls.lists(s.w.admin, { search: tag, sort: 'title', order })).list.map((l: any) => l.title);
    expect(await titles('asc')).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
    expect(await titles('desc')).toEqual([`${tag} c`, `${tag} b`, `${tag} a`]);
  });
});

describe('adding ticked leads', () => {
  it('adds them at once and never twice; the counts follow the tabs', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    const ticked = [s.w.stored.failed.id, s.w.stored.rejected.id, s.w.stored.accepted.id];
    expect(data(await calls.add(s.w.admin, list, { source: 'user_session', lead_uuids: ticked }))).toEqual({
      added: 3,
      job: null,
    });
    const again = [s.w.stored.accepted.id, s.w.stored.unknown.id];
    expect(data(await calls.add(s.w.admin, list, { source: 'user_session', lead_uuids: again })).added).toBe(1);
    // The same lead from the conversion tab is already in the list: it keeps its first row.
    const conv = [s.w.stored.accepted.id, s.w.stored.ftd.id];
    expect(data(await calls.add(s.w.admin, list, { source: 'conversion', lead_uuids: conv })).added).toBe(1);
    expect(data(await calls.getList(s.w.admin, list))).toMatchObject({ leads: 5, user_sessions: 4, conversions: 1 });
    const rows = await s.t.db.select().from(coldListLeads).where(eq(coldListLeads.listId, list));
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.leadId === s.w.stored.ftd.id)).toMatchObject({
      source: 'conversion',
      conversionId: s.w.conversions.ftd.id,
    });
  });

  it('refuses the whole tick when one lead is not a stored lead of that tab, and adds none', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    const cases: [string, string[], string][] = [
      ['user_session', [s.w.stored.accepted.id, s.w.stored.test.id], '1 of the ticked leads was not found'],
      ['conversion', [s.w.stored.failed.id], 'Lead not found'],
      ['user_session', ['00000000-0000-4000-8000-000000000001'], 'Lead not found'],
    ];
    for (const [source, lead_uuids, message] of cases) {
      const res = await calls.add(s.w.admin, list, { source, lead_uuids });
      expect(res.status, res.body).toBe(404);
      expect(res.json).toEqual({ status: 'error', data: null, error: { not_found: message } });
    }
    expect(data(await calls.getList(s.w.admin, list)).leads).toBe(0);
  });

  it('refuses no tick, too many and bad IDs, naming the field', async () => {
    const list = await makeList(s.t.app, s.w.admin);
    const none = await calls.add(s.w.admin, list, { source: 'user_session', lead_uuids: [] });
    expect(none.status).toBe(400);
    expect(none.json.error).toEqual({ lead_uuids: 'Tick at least one lead' });
    const many = Array.from({ length: 1001 }, () => s.w.stored.accepted.id);
    const tooMany = await calls.add(s.w.admin, list, { source: 'user_session', lead_uuids: many });
    expect(tooMany.json.error).toEqual({ lead_uuids: 'At most 1000 ticked leads at once; use "add all" for more' });
    const bad = await calls.add(s.w.admin, list, { source: 'user_session', lead_uuids: ['nope'] });
    expect(bad.json.error).toEqual({ 'lead_uuids.0': 'Not a valid ID' });
    const neither = await calls.add(s.w.admin, list, { source: 'user_session' });
    expect(neither.json.error).toEqual({ lead_uuids: 'Tick leads, or send the filters to add all of them' });
    const both = { source: 'user_session', lead_uuids: [s.w.stored.accepted.id], filters: {} };
    expect((await calls.add(s.w.admin, list, both)).json.error).toEqual({
      lead_uuids: 'Tick leads, or send the filters to add all of them',
    });
  });

  it("a team lead cannot add a lead of an affiliate outside their team (404), but adds their own team's", async () => {
    const list = await makeList(s.t.app, s.w.admin);
    const res = await calls.add(s.w.lead, list, { source: 'user_session', lead_uuids: [s.w.stored.outside.id] });
    expect(res.status).toBe(404);
    const conv = await calls.add(s.w.lead, list, { source: 'conversion', lead_uuids: [s.w.stored.outside.id] });
    expect(conv.status).toBe(404);
    const ok = await calls.add(s.w.lead, list, { source: 'user_session', lead_uuids: [s.w.stored.accepted.id] });
    expect(data(ok).added).toBe(1);
  });
});

describe("a list's leads", () => {
  it('show each tab, newest added first, with the CSV fields and the conversion of the conversion tab', async () => {
    const list = await makeList(s.t.app, s.w.admin, [s.w.stored.failed.id, s.w.stored.unknown.id]);
    await makeList(s.t.app, s.w.admin); // another list's leads never show
    data(await calls.add(s.w.admin, list, { source: 'conversion', lead_uuids: [s.w.stored.ftd.id] }));
    const sessions = await listLeads(s.w.admin, list);
    expect(sessions.count).toBe(2);
    expect(sessions.list.map((r) => r.uuid).sort()).toEqual([s.w.stored.failed.id, s.w.stored.unknown.id].sort());
    expect(sessions.list.find((r) => r.uuid === s.w.stored.failed.id)).toMatchObject({
      created_at: `${COLD_DAY}T12:00:00.000Z`,
      offer: { uuid: s.w.source.id, id: s.w.source.number, title: s.w.source.title },
      affiliate: { uuid: s.w.affA.id },
      country: 'AT',
      first_name: 'Anna',
      last_name: 'Schmidt',
      email: s.w.stored.failed.email,
      phone: s.w.stored.failed.phone,
      status: 'failed',
      reason: 'no_product_available',
      conversion: null,
      resends: 0,
      last_send: null,
    });
    expect(Date.parse(sessions.list[0].added_at)).toBeGreaterThan(Date.parse(`${COLD_DAY}T12:00:00Z`));
    const conversions = await listLeads(s.w.admin, list, { source: 'conversion' });
    expect(conversions.list.map((r) => [r.uuid, r.conversion?.uuid])).toEqual([
      [s.w.stored.ftd.id, s.w.conversions.ftd.id],
    ]);
    const searched = await listLeads(s.w.admin, list, { search: s.w.stored.unknown.email! });
    expect(searched.list.map((r) => r.uuid)).toEqual([s.w.stored.unknown.id]);
  });

  it("show the last re-send's result, read from the copy it made, and count the re-sends", async () => {
    const stored = [
      s.w.stored.accepted,
      s.w.stored.ftd,
      s.w.stored.failed,
      s.w.stored.rejected,
      s.w.stored.unknown,
    ] as const;
    const list = await makeList(
      s.t.app,
      s.w.admin,
      stored.map((l) => l.id),
    );
    const d = await distributionFor(list, { title: `Re-send ${s.w.tag}` });
    const older = new Date(Date.now() - 60_000);
    // An older send of the accepted lead that was rejected; the newer one (accepted) is the last.
    await insertSend(s.t.db, d, s.w.stored.accepted, { copy: { status: 'failed' }, at: older });
    const d2 = await distributionFor(list, { title: `Second ${s.w.tag}` });
    await insertSend(s.t.db, d2, s.w.stored.accepted, { copy: { status: 'accepted', productId: s.w.productQ.id } });
    await insertSend(s.t.db, d, s.w.stored.ftd, { skip: 'ftd' });
    await insertSend(s.t.db, d, s.w.stored.failed, {
      copy: { status: 'failed', reason: 'no_product_available', reasonDetail: null },
    });
    await insertSend(s.t.db, d, s.w.stored.rejected, { copy: { status: 'unknown' } });
    await insertSend(s.t.db, d, s.w.stored.unknown, { copy: { status: 'processing' } });
    const rows = new Map((await listLeads(s.w.admin, list)).list.map((r) => [r.uuid, r]));
    expect(rows.get(s.w.stored.accepted.id)).toMatchObject({
      resends: 2,
      last_send: {
        distribution: { uuid: d2.id, title: `Second ${s.w.tag}` },
        result: 'accepted',
        product: { uuid: s.w.productQ.id, name: s.w.productQ.name },
        detail: null,
      },
    });
    expect(rows.get(s.w.stored.ftd.id)).toMatchObject({
      resends: 0,
      last_send: { result: 'skipped', detail: 'The lead already deposited', product: null },
    });
    expect(rows.get(s.w.stored.failed.id)!.last_send).toMatchObject({
      result: 'rejected',
      detail: 'No buyer can take this lead now (caps, working hours, geos or refusals)',
    });
    expect(rows.get(s.w.stored.rejected.id)!.last_send.result).toBe('unknown');
    expect(rows.get(s.w.stored.unknown.id)!.last_send.result).toBe('sending');
  });

  it("a team lead sees only their team's leads of a shared list, masked, and removes only those", async () => {
    const list = await makeList(s.t.app, s.w.admin, [s.w.stored.accepted.id, s.w.stored.outside.id]);
    const seen = await listLeads(s.w.lead, list);
    expect(seen.list.map((r) => r.uuid)).toEqual([s.w.stored.accepted.id]);
    expect(seen.count).toBe(1);
    expect(seen.list[0].email).toMatch(/^a\*\*\*@example\.org$/);
    expect(seen.list[0].phone).toMatch(/^\+49•+\d{3}$/);
    expect(data(await calls.getList(s.w.lead, list))).toMatchObject({ leads: 1, user_sessions: 1 });
    expect(data(await calls.getList(s.w.admin, list))).toMatchObject({ leads: 2, user_sessions: 2 });
    const removed = await calls.removeLeads(s.w.lead, list, {
      source: 'user_session',
      lead_uuids: [s.w.stored.accepted.id, s.w.stored.outside.id],
    });
    expect(data(removed)).toEqual({ removed: 1 });
    expect((await listLeads(s.w.admin, list)).list.map((r) => r.uuid)).toEqual([s.w.stored.outside.id]);
  });

  it('are removed only from the tab asked for', async () => {
    const list = await makeList(s.t.app, s.w.admin, [s.w.stored.failed.id]);
    data(await calls.add(s.w.admin, list, { source: 'conversion', lead_uuids: [s.w.stored.ftd.id] }));
    const wrongTab = { source: 'user_session', lead_uuids: [s.w.stored.ftd.id] };
    expect(data(await calls.removeLeads(s.w.admin, list, wrongTab))).toEqual({ removed: 0 });
    const both = [s.w.stored.ftd.id, s.w.stored.failed.id];
    expect(data(await calls.removeLeads(s.w.admin, list, { source: 'conversion', lead_uuids: both }))).toEqual({
      removed: 1,
    });
    expect(data(await calls.getList(s.w.admin, list))).toMatchObject({ leads: 1, conversions: 0 });
  });
});

describe('deleting a list', () => {
  it('is refused while a distribution that is not deleted uses it, naming it', async () => {
    const list = await makeList(s.t.app, s.w.admin, [s.w.stored.accepted.id]);
    const d = await distributionFor(list, { title: `Night ${s.w.tag}`, status: 'done' });
    const res = await calls.removeList(s.w.admin, list);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      status: 'error',
      data: null,
      error: { list: `The distribution "Night ${s.w.tag}" uses this list; delete it first` },
    });
    await distributionFor(list, { status: 'active' });
    const two = await calls.removeList(s.w.admin, list);
    expect(two.json.error!.list).toBe(
      `The distribution "Night ${s.w.tag}" and 1 more use this list; delete them first`,
    );
    expect(data(await calls.getList(s.w.admin, list)).leads).toBe(1);
    expect((await s.t.db.select().from(coldDistributions).where(eq(coldDistributions.id, d.id))).length).toBe(1);
  });

  it('takes its leads, additions and deleted distributions with it; the stored leads and copies stay', async () => {
    const list = await makeList(s.t.app, s.w.admin, [s.w.stored.rejected.id]);
    const d = await distributionFor(list, { status: 'deleted' });
    const { copy } = await insertSend(s.t.db, d, s.w.stored.rejected, { copy: { status: 'accepted' } });
    await s.t.db
      .insert(coldAddJobs)
      .values({ listId: list, source: 'user_session', filters: {}, state: 'done', finishedAt: new Date() });
    const resends = async () =>
      data(await calls.search(s.w.admin, { search: s.w.stored.rejected.id })).list.map((r: any) => r.resends);
    const before = await resends();
    expect(before[0]).toBeGreaterThan(0);
    expect(data(await calls.removeList(s.w.admin, list))).toEqual({ deleted: true });
    expect((await calls.getList(s.w.admin, list)).status).toBe(404);
    expect(await s.t.db.select().from(coldListLeads).where(eq(coldListLeads.listId, list))).toEqual([]);
    expect(await s.t.db.select().from(coldAddJobs).where(eq(coldAddJobs.listId, list))).toEqual([]);
    expect(await s.t.db.select().from(coldSends).where(eq(coldSends.distributionId, d.id))).toEqual([]);
    expect(await s.t.db.select().from(coldDistributions).where(eq(coldDistributions.id, d.id))).toEqual([]);
    expect(await resends()).toEqual(before);
    expect(copy).not.toBeNull();
  });
});

describe('gender from the lead API', () => {
  it('is stored with the lead and found by the gender filter; any other value is refused', async () => {
    const buyer = s.buyers.add('accept');
    const offer = await s.w.offer([{ product_uuid: await s.w.product(buyer) }]);
    const sent = await sendLead(s.t, s.w.keyA, leadBody(offer.id, { gender: 'female' }));
    expect(sent.status, sent.body).toBe(200);
    const found = data(await calls.search(s.w.admin, { offer: offer.uuid, gender: 'female' }));
    expect(found.list.map((r: any) => [r.uuid, r.gender])).toEqual([[sent.json.data.lead_id, 'female']]);
    expect(data(await calls.search(s.w.admin, { offer: offer.uuid, gender: 'male' })).count).toBe(0);
    const bad = await sendLead(s.t, s.w.keyA, leadBody(offer.id, { gender: 'robot' }));
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ gender: 'Use male, female or other' });
  });
});
