import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { auditLog } from '../../db/schema.ts';
import { makeOffer, offerCalls, portalCalls } from '../offers/offers.fixtures.ts';
import { startTicketWorld, ticketCalls, type TicketWorld } from './tickets.fixtures.ts';

let t: TestApp;
let w: TicketWorld;
let c: ReturnType<typeof ticketCalls>;
beforeAll(async () => {
  ({ t, w } = await startTicketWorld());
  c = ticketCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** The affiliate asks for a premoderation offer; returns the offer and the offer access ticket it opened. */
const ask = async (message: string) => {
  const offer = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
  const asked = await portalCalls(t.app).request(w.affA, offer.id, message);
  expect(asked.status, asked.body).toBe(200);
  const list = (await c.list(w.affA, '?type=offer_access&count=100')).json.data.list as any[];
  const ticket = list.find((x) => x.offer?.uuid === offer.uuid)!;
  expect(ticket).toMatchObject({ type: 'offer_access', status: 'open', offer: { id: offer.id } });
  return { offer, request: asked.json.data.uuid as string, ticket: ticket.uuid as string };
};

describe('offer access requests as tickets', () => {
  it('"Request access" opens a ticket; approving it there makes the affiliate trusted and mails them', async () => {
    const { offer, ticket } = await ask('DE push, 5k a day');
    const seen = (await c.get(w.managerA, ticket)).json.data;
    expect(seen.messages[0]).toMatchObject({ body: 'DE push, 5k a day', from_partner: true });
    expect(seen.access_request).toMatchObject({ status: 'pending' });
    expect((await t.sentMails()).some((m) => m.to === w.managerA.email && m.text.includes('DE push'))).toBe(true);

    expect((await c.decide(w.managerB, ticket, { decision: 'approve' })).status).toBe(404);
    const res = await c.decide(w.managerA, ticket, { decision: 'approve' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'answered', access_request: { status: 'approved' } });
    expect(res.json.data.messages.at(-1)).toMatchObject({ from_partner: false, author: { uuid: w.managerA.id } });
    expect(res.json.data.messages.at(-1).body).toMatch(/^Access approved/);
    expect((await portalCalls(t.app).get(w.affA, offer.id)).json.data.access).toBe('granted');
    const toAff = (await t.sentMails()).filter((m) => m.to === w.affA.email);
    expect(toAff.at(-1)!.text).toContain('Access approved');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket_change'), sql`${auditLog.details}->>'ticket_uuid' = ${ticket}`))
      .orderBy(auditLog.createdAt);
    expect(audited.map((r) => [r.details.change, r.actorId])).toEqual([
      ['create', w.affA.id],
      ['access_decision', w.managerA.id],
    ]);

    const twice = await c.decide(w.managerA, ticket, { decision: 'decline', reason: 'no' });
    expect(twice.status).toBe(400);
    expect(twice.json.error).toEqual({ decision: 'This request has already been decided' });
  });

  it('declining from the offer, as before, writes the reason into the ticket', async () => {
    const { offer, request, ticket } = await ask('');
    expect((await c.get(w.affA, ticket)).json.data.messages[0].body).toBe('I would like access to this offer.');
    const res = await offerCalls(t.app).decide(w.admin, request, { decision: 'decline', reason: 'Not enough volume' });
    expect(res.status, res.body).toBe(200);
    const after = (await c.get(w.affA, ticket)).json.data;
    expect(after).toMatchObject({ status: 'answered', access_request: { status: 'declined' } });
    expect(after.messages.at(-1).body).toBe('Access declined: Not enough volume');
    expect((await portalCalls(t.app).get(w.affA, offer.id)).json.data.access).toBe('declined');
  });

  it('refuses a decision on a ticket that is no access request', async () => {
    const plain = (await c.create(w.affA)).json.data.uuid;
    const res = await c.decide(w.admin, plain, { decision: 'approve' });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ decision: 'This ticket is not an offer access request' });
  });
});
