// The distributions API: what a form may choose, refusals, a team lead's scope, counters and the sends page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { startColdWorld } from './distributions.fixtures.ts';

let world: Awaited<ReturnType<typeof startColdWorld>>;
beforeAll(async () => {
  world = await startColdWorld();
});
afterAll(async () => world?.stop());

const D = '/api/cold-api/v1/distributions';

const setup = async () => {
  const { w, c, buyers } = world;
  const ok = buyers.add('accept');
  const no = buyers.add('reject');
  const pOk = await w.product(ok);
  const pNo = await w.product(no);
  const offer = await w.offer([
    { product_uuid: pNo, priority: 1 },
    { product_uuid: pOk, priority: 2 },
  ]);
  return { ok, no, pOk, pNo, offer, rule: await c.rule() };
};

describe('options and refusals', () => {
  it('options: API offers with their products, affiliates in the caller’s scope, lists and rules', async () => {
    const { w, c } = world;
    const s = await setup();
    const list = await c.list([]);
    const of = async (token: string) => (await api(world.t.app, 'GET', `${D}/options`, token)).json.data;
    const admin = await of(w.admin.token);
    const offer = admin.offers.find((o: { uuid: string }) => o.uuid === s.offer.uuid);
    expect(offer.products.map((p: { uuid: string }) => p.uuid)).toEqual([s.pNo, s.pOk]);
    expect(admin.affiliates.map((a: { uuid: string }) => a.uuid)).toEqual(
      expect.arrayContaining([w.affA.id, w.affB.id]),
    );
    expect(admin.lists.map((l: { uuid: string }) => l.uuid)).toContain(list);
    expect(admin.rules.map((r: { uuid: string }) => r.uuid)).toContain(s.rule);
    // The team lead's team has affiliate A's manager, not B's.
    const lead = await of(w.lead.token);
    expect(lead.affiliates.map((a: { uuid: string }) => a.uuid)).toContain(w.affA.id);
    expect(lead.affiliates.map((a: { uuid: string }) => a.uuid)).not.toContain(w.affB.id);
    expect(lead.offers.map((o: { uuid: string }) => o.uuid)).toContain(s.offer.uuid);
  });

  it('refuses what a distribution may not use', async () => {
    const { w, c, t } = world;
    const s = await setup();
    const list = await c.list([]);
    const other = await w.offer([]);
    const post = (over: Record<string, unknown>, token = w.admin.token) =>
      api(t.app, 'POST', `${D}/create`, token, c.body({ list, rule: s.rule, offer: s.offer.uuid }, over));
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ offer_uuid: w.affA.id }, 'offer_uuid'],
      [{ product_uuids: [s.pOk, other.uuid] }, 'product_uuids'],
      [{ list_uuid: w.affA.id }, 'list_uuid'],
      [{ rule_uuid: w.affA.id }, 'rule_uuid'],
      [{ affiliate_uuid: w.advA.id }, 'affiliate_uuid'],
      [{ affiliate_uuid: w.affB.id }, 'affiliate_uuid', w.lead.token],
      [{ interval_min: 5, interval_max: 2 }, 'interval_max'],
      [{ start_date: '2026-05-02', end_date: '2026-05-01' }, 'end_date'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    ];
    for (const [over, field, token] of cases) {
      const res = await post(over, token);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json.error ?? {}), JSON.stringify(over)).toContain(field);
    }
    // A direct-link offer is not an API offer.
    const [direct] = await t.db
      .insert(offers)
      .values({ type: 'direct_link', title: 'DL', vertical: 'crypto', status: 'active' })
      .returning({ id: offers.id });
    expect((await post({ offer_uuid: direct.id })).status).toBe(400);
    const fine = await post({ product_uuids: [s.pOk] }, w.lead.token);
    expect(fine.status).toBe(200);
    expect(fine.json.data.products).toEqual([{ uuid: s.pOk, name: s.ok.name }]);
  });
});

describe('scope, counters and sends', () => {
  it('a team lead sees only distributions of their affiliates; sends newest first with results and masked emails', async () => {
    const { w, c, t } = world;
    const s = await setup();
    const stored = await c.storedLeads(3);
    const [ftd] = await c.storedLeads(1, { isFtd: true, createdAt: new Date() });
    const list = await c.list([...stored.map((l) => l.id), ftd.id]);
    // Only the refusing buyer: every sent lead is rejected.
    const mine = await c.create(
      { list, rule: s.rule, offer: s.offer.uuid },
      { product_uuids: [s.pNo], order: 'oldest' },
    );
    const foreign = await c.create(
      { list: await c.list([]), rule: s.rule, offer: s.offer.uuid },
      { affiliate_uuid: w.affB.id },
    );
    await c.settled(mine.uuid, 4);
    expect(s.no.received).toHaveLength(3);
    expect(s.ok.received).toHaveLength(0);

    const view = await c.get(mine.uuid, w.lead);
    expect(view.counters).toEqual({
      queued: 0,
      sent: 3,
      accepted: 0,
      rejected: 3,
      pending: 0,
      ftd: 0,
      skipped: 1,
      skipped_by: { ftd: 1 },
    });
    expect((await api(t.app, 'GET', `${D}/${foreign.uuid}`, w.lead.token)).status).toBe(404);
    expect((await c.setStatus(foreign.uuid, 'paused', w.lead)).status).toBe(404);
    expect((await api(t.app, 'GET', `${D}/${foreign.uuid}/sends`, w.lead.token)).status).toBe(404);
    const listed = (await api(t.app, 'GET', `${D}/list?count=100`, w.lead.token)).json.data.list.map(
      (d: { uuid: string }) => d.uuid,
    );
    expect(listed).toContain(mine.uuid);
    expect(listed).not.toContain(foreign.uuid);

    const page = (await api(t.app, 'GET', `${D}/${mine.uuid}/sends`, w.lead.token)).json.data;
    expect(page.count).toBe(4);
    const at = page.list.map((x: { at: string }) => x.at);
    expect(at).toEqual([...at].sort().reverse());
    const skipped = page.list.filter((x: { result: string }) => x.result === 'skipped');
    expect(skipped).toEqual([
      expect.objectContaining({
        lead: expect.objectContaining({ uuid: ftd.id }),
        skip_reason: 'The lead already deposited',
        session_uuid: null,
        product: null,
      }),
    ]);
    const rejected = page.list.filter((x: { result: string }) => x.result !== 'skipped');
    expect(rejected.map((x: { lead: { uuid: string } }) => x.lead.uuid).sort()).toEqual(stored.map((l) => l.id).sort());
    for (const x of rejected) {
      expect(x).toMatchObject({ result: 'rejected', product: { uuid: s.pNo, name: s.no.name } });
      expect(x.lead.email).toMatch(/^s\*\*\*@example\.org$/);
      expect(x.error).toBeTruthy();
    }
    const admin = (await api(t.app, 'GET', `${D}/${mine.uuid}/sends?result=rejected`, w.admin.token)).json.data;
    expect(admin.count).toBe(3);
    expect(admin.list.map((x: { lead: { email: string } }) => x.lead.email).sort()).toEqual(
      stored.map((l) => l.email).sort(),
    );
  });

  it("a rejected re-send names its buyer in the list's last send; a skip's reason reads in words", async () => {
    const { w, c, t } = world;
    const s = await setup();
    const [stored] = await c.storedLeads(1);
    const [ftd] = await c.storedLeads(1, { isFtd: true });
    const list = await c.list([stored.id, ftd.id]);
    const d = await c.create(
      { list, rule: await c.rule({ skipFtd: true }), offer: s.offer.uuid },
      { product_uuids: [s.pNo] },
    );
    await c.settled(d.uuid, 2);
    const res = await api(t.app, 'GET', `/api/cold-api/v1/lead-lists/${list}/leads?source=user_session`, w.admin.token);
    expect(res.status, res.body).toBe(200);
    const rows = new Map(res.json.data.list.map((r: { uuid: string }) => [r.uuid, r]));
    expect(rows.get(stored.id)).toMatchObject({
      last_send: { result: 'rejected', product: { uuid: s.pNo, name: s.no.name } },
    });
    const sends = (await api(t.app, 'GET', `${D}/${d.uuid}/sends`, w.admin.token)).json.data.list;
    expect(sends.find((x: { lead: { uuid: string } }) => x.lead.uuid === ftd.id)).toMatchObject({
      result: 'skipped',
      skip_reason: 'The lead already deposited',
    });
  });

  it("a team lead's distribution sends only their team's leads of a shared list; an admin's sends them all", async () => {
    const { w, c } = world;
    const s = await setup();
    const [ours] = await c.storedLeads(1);
    const [theirs] = await c.storedLeads(1, { affiliateId: w.affB.id });
    const list = await c.list([ours.id, theirs.id]);
    const byLead = await c.create({ list, rule: s.rule, offer: s.offer.uuid }, { product_uuids: [s.pOk] }, w.lead);
    await c.settled(byLead.uuid, 1);
    expect((await c.sendsOf(byLead.uuid)).map((x) => x.originLeadId)).toEqual([ours.id]);
    // Nothing left for it: the other team's lead is not waiting in its queue.
    expect((await c.get(byLead.uuid)).counters).toMatchObject({ queued: 0, sent: 1 });
    const byAdmin = await c.create({ list, rule: s.rule, offer: s.offer.uuid }, { product_uuids: [s.pOk] });
    await c.settled(byAdmin.uuid, 2);
    expect((await c.sendsOf(byAdmin.uuid)).map((x) => x.originLeadId).sort()).toEqual([ours.id, theirs.id].sort());
  });

  it("a stored lead's history in the user sessions log names every buyer its re-sends went to", async () => {
    const { w, c, t } = world;
    const s = await setup();
    const [stored] = await c.storedLeads(1);
    const list = await c.list([stored.id]);
    const d = await c.create({ list, rule: s.rule, offer: s.offer.uuid }, { title: 'History re-send' });
    await c.settled(d.uuid, 1);
    const [copy] = await c.copiesOf(d.uuid);
    const today = new Date().toISOString().slice(0, 10);
    const res = await api(
      t.app,
      'GET',
      `/api/statistic/v1/user-sessions?kind=api&date_from=2020-01-01&date_to=${today}&search=${stored.id}`,
      w.admin.token,
    );
    expect(res.status, res.body).toBe(200);
    const [row] = res.json.data.list;
    expect(row.uuid).toBe(stored.id);
    // The waterfall of the re-send: refused by the first buyer, taken by the second, both under the stored lead.
    expect(row.attempts.map((a: { product: { uuid: string }; resend: unknown }) => [a.product.uuid, a.resend])).toEqual(
      [
        [s.pNo, { session_uuid: copy.id, distribution: { uuid: d.uuid, title: 'History re-send' } }],
        [s.pOk, { session_uuid: copy.id, distribution: { uuid: d.uuid, title: 'History re-send' } }],
      ],
    );
  });
});
