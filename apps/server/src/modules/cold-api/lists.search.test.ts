import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLD_DAY, coldCalls, insertDistribution, insertRule, insertSend, startColdWorld } from './cold.fixtures.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import { insertOffer } from '../statistic-logs/statistic-logs.fixtures.ts';

let s: Awaited<ReturnType<typeof startColdWorld>>;
let calls: ReturnType<typeof coldCalls>;
beforeAll(async () => {
  s = await startColdWorld();
  calls = coldCalls(s.t.app);
});
afterAll(async () => s?.stop());

type Found = { uuid: string; email: string | null; phone: string | null; [k: string]: any };
/** The world's leads by default (its offer, its day); '' drops a default. */
const search = async (m: Member, query: Record<string, string> = {}) => {
  const all = { offer: s.w.source.id, date_from: COLD_DAY, date_to: COLD_DAY, ...query };
  const res = await calls.search(m, Object.fromEntries(Object.entries(all).filter(([, v]) => v !== '')));
  expect(res.status, res.body).toBe(200);
  return res.json.data as { list: Found[]; count: number; count_capped: boolean };
};
const uuids = async (m: Member, query: Record<string, string> = {}) =>
  (await search(m, query)).list.map((r) => r.uuid).sort();
const of = (...names: (keyof typeof s.w.stored)[]) => names.map((n) => s.w.stored[n].id).sort();

describe('the user session tab', () => {
  it('finds every stored lead of any status, failed and rejected included, but neither test leads nor re-sends', async () => {
    const found = await search(s.w.admin);
    expect(found.list.map((r) => r.uuid).sort()).toEqual(
      of('accepted', 'ftd', 'failed', 'rejected', 'unknown', 'outside'),
    );
    expect(found).toMatchObject({ count: 6, count_capped: false });
    const failed = found.list.find((r) => r.uuid === s.w.stored.failed.id)!;
    expect(failed).toMatchObject({
      status: 'failed',
      reason: 'no_product_available',
      country: 'AT',
      device: 'mobile',
      os: 'android',
      offer: { uuid: s.w.source.id, id: s.w.source.number },
      affiliate: { uuid: s.w.affA.id },
      product: null,
      conversion: null,
      resends: 0,
    });
    const accepted = found.list.find((r) => r.uuid === s.w.stored.accepted.id)!;
    expect(accepted).toMatchObject({
      email: s.w.stored.accepted.email,
      phone: s.w.stored.accepted.phone,
      product: { uuid: s.w.productP.id, name: s.w.productP.name },
      gender: 'female',
      call_status: 'interested',
      is_ftd: false,
    });
  });

  it.each([
    ['affiliate', () => ({ affiliate: s.w.affB.id }), ['outside']],
    ['product', () => ({ product: s.w.productQ.id }), ['ftd']],
    ['geo', () => ({ geo: 'AT,FR' }), ['failed', 'rejected', 'unknown']],
    ['lead status', () => ({ lead_status: 'failed' }), ['failed', 'rejected']],
    ['lead statuses', () => ({ lead_status: 'unknown,accepted' }), ['accepted', 'ftd', 'unknown', 'outside']],
    ['call status', () => ({ call_status: 'ftd' }), ['ftd']],
    ['device', () => ({ device: 'mobile' }), ['failed']],
    ['OS', () => ({ os: 'mac-os,windows' }), ['accepted', 'ftd']],
    ['gender', () => ({ gender: 'male,other' }), ['ftd', 'unknown']],
    ['never FTD', () => ({ never_ftd: 'true', affiliate: s.w.affA.id }), ['accepted', 'failed', 'rejected', 'unknown']],
    ['email', () => ({ search: s.w.stored.rejected.email!.toUpperCase() }), ['rejected']],
    ['phone', () => ({ search: s.w.stored.failed.phone! }), ['failed']],
    ['phone without +', () => ({ search: s.w.stored.failed.phone!.slice(1) }), ['failed']],
    ['lead ID', () => ({ search: s.w.stored.unknown.id }), ['unknown']],
  ] as const)('the %s filter narrows the leads', async (_, query, expected) => {
    expect(await uuids(s.w.admin, query())).toEqual(of(...expected));
  });

  it('without the offer filter finds leads of every offer; with another offer none of these', async () => {
    const other = await insertOffer(s.t.db, 'api', s.w.advA.id, `Other ${s.w.tag}`);
    const elsewhere = await s.w.addLead(s.w.affA.id, { offerId: other.id, email: `else-${s.w.tag}@example.org` });
    const all = await s.t.app.inject({
      method: 'GET',
      url: `/api/cold-api/v1/lead-lists/search?search=else-${s.w.tag}@example.org`,
      headers: { 'pxl-authorization': s.w.admin.token },
    });
    expect(all.json().data.list.map((r: Found) => r.uuid)).toEqual([elsewhere.id]);
    expect(await uuids(s.w.admin, { offer: other.id })).toEqual([elsewhere.id]);
    expect(await uuids(s.w.admin, { search: elsewhere.email! })).toEqual([]);
  });

  it('dates are days in the time zone asked for (the general settings zone, UTC, by default)', async () => {
    const late = await s.w.addLead(s.w.affA.id, { createdAt: new Date('2026-03-20T22:30:00Z') });
    expect(await uuids(s.w.admin, { date_from: '2026-03-20', date_to: '2026-03-20' })).toEqual([late.id]);
    expect(await uuids(s.w.admin, { date_from: '2026-03-21', date_to: '2026-03-21', tz: 'Europe/Kyiv' })).toEqual([
      late.id,
    ]);
    expect(await uuids(s.w.admin, { date_from: '2026-03-20', date_to: '2026-03-20', tz: 'Europe/Kyiv' })).toEqual([]);
    // An open end: every lead since the day, or up to it.
    expect(await uuids(s.w.admin, { date_from: '2026-03-11', date_to: '' })).toEqual([late.id]);
    expect(await uuids(s.w.admin, { date_from: '', date_to: COLD_DAY })).toEqual(
      of('accepted', 'ftd', 'failed', 'rejected', 'unknown', 'outside'),
    );
  });

  it('refuses an end before the start and a conversion status on this tab, naming the field', async () => {
    const back = await calls.search(s.w.admin, { date_from: '2026-03-12', date_to: '2026-03-11' });
    expect(back.status).toBe(400);
    expect(back.json).toEqual({
      status: 'error',
      data: null,
      error: { date_to: 'The end date is before the start date' },
    });
    const conv = await calls.search(s.w.admin, { conversion_status: 'approved' });
    expect(conv.status).toBe(400);
    expect(conv.json.error).toEqual({ conversion_status: 'The conversion status filters the conversion tab only' });
    const bad = await calls.search(s.w.admin, { geo: 'de', gender: 'robot' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error!).sort()).toEqual(['gender.0', 'geo.0']);
  });

  it('counts re-sends (copies of the lead) and never lists the copies themselves', async () => {
    const rule = await insertRule(s.t.db);
    const listRes = await calls.createList(s.w.admin);
    const d = await insertDistribution(s.t.db, {
      listId: listRes.json.data.uuid,
      ruleId: rule.id,
      affiliateId: s.w.affA.id,
      offerId: s.w.source.id,
    });
    await insertSend(s.t.db, d, s.w.stored.rejected, { copy: { status: 'accepted' } });
    // The copy has the same email, offer and affiliate, made today: only its origin_lead_id keeps it out.
    const found = await search(s.w.admin, { search: s.w.stored.rejected.email!, date_from: '', date_to: '' });
    expect(found.list.map((r) => [r.uuid, r.resends])).toEqual([[s.w.stored.rejected.id, 1]]);
  });

  it('pages newest first and counts past the page', async () => {
    const first = await search(s.w.admin, { count: '2', page: '1', affiliate: s.w.affA.id });
    const second = await search(s.w.admin, { count: '2', page: '2', affiliate: s.w.affA.id });
    expect(first.count).toBe(5);
    expect(second.count).toBe(5);
    expect(first.list).toHaveLength(2);
    expect(new Set([...first.list, ...second.list].map((r) => r.uuid)).size).toBe(4);
  });
});

describe('the conversion tab', () => {
  it('finds the leads behind conversions, one row per lead with its conversion', async () => {
    const found = await search(s.w.admin, { source: 'conversion' });
    expect(found.list.map((r) => r.uuid).sort()).toEqual(of('accepted', 'ftd', 'outside'));
    const ftd = found.list.find((r) => r.uuid === s.w.stored.ftd.id)!;
    expect(ftd.conversion).toEqual({ uuid: s.w.conversions.ftd.id, goal: 'ftd', status: 'pending' });
  });

  it('filters by the conversion status and dates the conversion, not the lead', async () => {
    expect(await uuids(s.w.admin, { source: 'conversion', conversion_status: 'pending' })).toEqual(of('ftd'));
    const old = await s.w.addLead(s.w.affA.id, { createdAt: new Date('2026-01-05T10:00:00Z') });
    const conv = await s.w.addConversion(old, { createdAt: new Date('2026-04-02T10:00:00Z'), status: 'hold' });
    expect(await uuids(s.w.admin, { source: 'conversion', date_from: '2026-04-02', date_to: '2026-04-02' })).toEqual([
      old.id,
    ]);
    expect(await uuids(s.w.admin, { source: 'conversion', date_from: '2026-01-05', date_to: '2026-01-05' })).toEqual(
      [],
    );
    const found = await search(s.w.admin, {
      source: 'conversion',
      conversion_status: 'hold',
      date_from: '',
      date_to: '',
    });
    expect(found.list.map((r) => r.conversion.uuid)).toEqual([conv.id]);
  });

  it('shows a lead with two conversions once, through the latest', async () => {
    const later = await s.w.addConversion(s.w.stored.accepted, {
      goal: 'ftd',
      status: 'pending',
      createdAt: new Date(`${COLD_DAY}T20:00:00Z`),
    });
    const found = await search(s.w.admin, { source: 'conversion', search: s.w.stored.accepted.email! });
    expect(found.list.map((r) => r.conversion.uuid)).toEqual([later.id]);
    expect(found.count).toBe(1);
  });
});

describe('a team lead', () => {
  it("finds only their team's affiliates' leads, with email and phone masked", async () => {
    const found = await search(s.w.lead);
    expect(found.list.map((r) => r.uuid).sort()).toEqual(of('accepted', 'ftd', 'failed', 'rejected', 'unknown'));
    const accepted = found.list.find((r) => r.uuid === s.w.stored.accepted.id)!;
    const email = s.w.stored.accepted.email!;
    const phone = s.w.stored.accepted.phone!;
    expect(accepted.email).toBe(`${email[0]}***${email.slice(email.indexOf('@'))}`);
    expect(accepted.phone).toBe(`${phone.slice(0, 3)}${'•'.repeat(phone.length - 6)}${phone.slice(-3)}`);
    expect(found.list.map((r) => r.email)).not.toContain(email);
    expect(JSON.stringify(found)).not.toContain(phone);
  });

  it('finds nothing when asking for an affiliate outside the team, nor through a conversion', async () => {
    expect(await search(s.w.lead, { affiliate: s.w.affB.id })).toEqual({ list: [], count: 0, count_capped: false });
    expect(await uuids(s.w.lead, { search: s.w.stored.outside.id })).toEqual([]);
    expect(await uuids(s.w.lead, { source: 'conversion' })).toEqual(of('accepted', 'ftd'));
  });
});
