import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog } from '../../db/schema.ts';
import { makeOffer, offerCalls, type OfferWorld, portalCalls, startOfferWorld } from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
let calls: ReturnType<typeof offerCalls>;
let portal: ReturnType<typeof portalCalls>;
beforeAll(async () => {
  ({ t, w, calls } = await startOfferWorld());
  portal = portalCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

const availableIds = async (token: { token: string; id: string; email: string }) =>
  ((await portal.list(token, `?tab=available&search=${w.tag}`)).json.data.list as { id: number }[]).map((o) => o.id);

describe('access request flow', () => {
  it('request → pending → decline with a reason → ask again → approve → trusted and available', async () => {
    const offer = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    const aff = w.affA;
    expect((await portal.get(aff, offer.id)).json.data).toMatchObject({ access: 'request', access_request: null });
    expect(await availableIds(aff)).not.toContain(offer.id);

    const asked = await portal.request(aff, offer.id, 'I run DE push traffic');
    expect(asked.status, asked.body).toBe(200);
    expect(asked.json.data).toMatchObject({
      status: 'pending',
      message: 'I run DE push traffic',
      affiliate: { uuid: aff.id },
      offer: { uuid: offer.uuid, id: offer.id },
      decided_by: null,
    });
    expect((await portal.get(aff, offer.id)).json.data).toMatchObject({
      access: 'pending',
      access_request: { status: 'pending', reason: '' },
    });

    const again = await portal.request(aff, offer.id);
    expect(again.status).toBe(400);
    expect(again.json.error).toEqual({ offer: 'Your request is waiting for a decision' });

    const staff = await calls.requests(w.admin, offer.uuid);
    expect(staff.status, staff.body).toBe(200);
    expect(staff.json.data).toMatchObject({ count: 1, list: [{ uuid: asked.json.data.uuid, status: 'pending' }] });
    expect((await calls.get(w.managerA, offer.uuid)).json.data.access_requests_pending).toBe(1);

    const noReason = await calls.decide(w.managerA, asked.json.data.uuid, { decision: 'decline', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error).toHaveProperty('reason');
    const declined = await calls.decide(w.managerA, asked.json.data.uuid, {
      decision: 'decline',
      reason: 'Not enough volume',
    });
    expect(declined.status, declined.body).toBe(200);
    expect(declined.json.data).toMatchObject({
      status: 'declined',
      reason: 'Not enough volume',
      decided_by: { uuid: w.managerA.id },
    });
    expect(declined.json.data.decided_at).toBeTruthy();
    expect((await portal.get(aff, offer.id)).json.data).toMatchObject({
      access: 'declined',
      access_request: { status: 'declined', reason: 'Not enough volume' },
    });
    expect((await calls.get(w.admin, offer.uuid)).json.data).toMatchObject({ access_requests_pending: 0, trusted: [] });

    const second = await portal.request(aff, offer.id, 'Now with more volume');
    expect(second.status, second.body).toBe(200);
    expect((await portal.get(aff, offer.id)).json.data.access).toBe('pending');
    const list = (await calls.requests(w.admin, offer.uuid)).json.data;
    expect(list.list.map((r: { status: string }) => r.status)).toEqual(['pending', 'declined']);
    expect((await calls.requests(w.admin, offer.uuid, '?status=declined')).json.data.count).toBe(1);

    const approved = await calls.decide(w.admin, second.json.data.uuid, { decision: 'approve' });
    expect(approved.status, approved.body).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'approved', reason: '', decided_by: { uuid: w.admin.id } });
    expect((await calls.get(w.admin, offer.uuid)).json.data.trusted.map((a: { uuid: string }) => a.uuid)).toEqual([
      aff.id,
    ]);
    expect((await portal.get(aff, offer.id)).json.data).toMatchObject({
      access: 'granted',
      access_request: { status: 'approved' },
    });
    expect(await availableIds(aff)).toContain(offer.id);
    expect((await portal.link(aff, offer.id)).status).toBe(200);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offer_access'), eq(auditLog.subjectId, aff.id)));
    expect(audits.map((a) => (a.details as { decision: string }).decision).sort()).toEqual(['approved', 'declined']);
  });

  it('negative: a request can be decided only once', async () => {
    const offer = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    const asked = (await portal.request(w.affB, offer.id)).json.data;
    expect((await calls.decide(w.admin, asked.uuid, { decision: 'approve' })).status).toBe(200);
    for (const body of [{ decision: 'approve' }, { decision: 'decline', reason: 'Changed my mind' }]) {
      const twice = await calls.decide(w.head, asked.uuid, body);
      expect(twice.status).toBe(400);
      expect(twice.json.error).toEqual({ decision: 'This request has already been decided' });
    }
    expect((await calls.requests(w.admin, offer.uuid)).json.data.list[0]).toMatchObject({
      status: 'approved',
      decided_by: { uuid: w.admin.id },
    });
  });

  it('negative: two requests sent at once leave one pending request', async () => {
    const offer = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    const both = await Promise.all([portal.request(w.affB, offer.id), portal.request(w.affB, offer.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.json.error).toEqual({ offer: 'Your request is waiting for a decision' });
    expect((await calls.requests(w.admin, offer.uuid)).json.data.count).toBe(1);
  });

  it('negative: no request on public, trusted or invisible offers', async () => {
    const pub = await makeOffer(t.app, w);
    expect((await portal.request(w.affA, pub.id)).json.error).toEqual({
      offer: 'This offer is open to everyone: no request is needed',
    });
    const priv = await makeOffer(t.app, w, { form: { privacy: 'private' } });
    expect((await portal.request(w.affA, priv.id)).status).toBe(404);
    await calls.section(w.admin, priv.uuid, 'trusted', { affiliate_uuids: [w.affA.id] });
    expect((await portal.request(w.affA, priv.id)).json.error).toEqual({
      offer: 'You already have access to this offer',
    });
    const draft = await makeOffer(t.app, w, { form: { privacy: 'premoderation' }, status: 'not_active' });
    expect((await portal.request(w.affA, draft.id)).status).toBe(404);
  });

  it('negative: an unknown request answers 404 and the decision endpoints are staff only', async () => {
    expect((await calls.decide(w.admin, '00000000-0000-4000-8000-000000000000', { decision: 'approve' })).status).toBe(
      404,
    );
    expect((await calls.requests(w.admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const offer = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    const asked = (await portal.request(w.affA, offer.id)).json.data;
    for (const m of [w.affA, w.lead, w.advA]) {
      expect((await calls.decide(m, asked.uuid, { decision: 'approve' })).status).toBe(403);
      expect((await calls.requests(m, offer.uuid)).status).toBe(403);
    }
    expect((await calls.decide(w.admin, asked.uuid, { decision: 'maybe' })).status).toBe(400);
  });
});
