import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { openTicket, startTicketWorld, ticketCalls, type TicketWorld } from './tickets.fixtures.ts';

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

const seenBy = async (m: { token: string; id: string; email: string }) =>
  ((await c.list(m, '?count=100')).json.data.list as { uuid: string }[]).map((x) => x.uuid);

describe('who sees which ticket', () => {
  it('partners their own, a manager those of their partners, admin and head all; the rest is 404', async () => {
    const affA = await openTicket(t.app, w.affA, { subject: `A ${w.tag}` });
    const advA = await openTicket(t.app, w.advA, { subject: `Adv ${w.tag}` });
    const affB = await openTicket(t.app, w.affB, { subject: `B ${w.tag}` });
    for (const m of [w.admin, w.head]) expect(await seenBy(m)).toEqual(expect.arrayContaining([affA, advA, affB]));
    const a = await seenBy(w.managerA);
    expect(a).toEqual(expect.arrayContaining([affA, advA]));
    expect(a).not.toContain(affB);
    expect(await seenBy(w.managerB)).toEqual([affB]);
    expect(await seenBy(w.affA)).toEqual([affA]);
    expect(await seenBy(w.advA)).toEqual([advA]);
    for (const [m, uuid] of [
      [w.managerB, affA],
      [w.affB, affA],
      [w.advA, affA],
      [w.managerA, affB],
    ] as const) {
      const res = await c.get(m, uuid);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ status: 'error', data: null, error: { not_found: 'Ticket not found' } });
      expect((await c.reply(m, uuid)).status).toBe(404);
      expect((await c.close(m, uuid)).status).toBe(404);
    }
    expect((await c.get(w.managerA, affA)).status).toBe(200);
  });

  it('never lets a team lead in, and staff cannot open a ticket', async () => {
    expect((await c.list(w.lead)).status).toBe(403);
    expect((await c.create(w.managerA)).status).toBe(403);
    expect((await c.create(w.admin)).status).toBe(403);
  });

  it('filters by type, status, partner, manager and search', async () => {
    const fin = await openTicket(t.app, w.affA, { type: 'financial', subject: `Invoice ${w.tag} zz` });
    expect(await seenBy(w.affA)).toContain(fin);
    const ids = async (q: string) =>
      ((await c.list(w.admin, `?count=100&${q}`)).json.data.list as { uuid: string }[]).map((x) => x.uuid);
    expect(await ids('type=financial')).toEqual([fin]);
    expect(await ids(`search=Invoice ${w.tag}`)).toEqual([fin]);
    expect(await ids(`partner_uuid=${w.affB.id}`)).not.toContain(fin);
    expect(await ids(`manager_uuid=${w.managerA.id}`)).toContain(fin);
    expect(await ids(`manager_uuid=${w.managerB.id}`)).not.toContain(fin);
    expect(await ids('status=answered')).not.toContain(fin);
  });
});

describe('a conversation', () => {
  it('staff reply → answered, partner reply → open, close and reopen; each reply mails the other side', async () => {
    const uuid = await openTicket(t.app, w.affA, { subject: `Talk ${w.tag}` });
    expect((await c.get(w.affA, uuid)).json.data.status).toBe('open');
    const opened = (await t.sentMails()).filter((m) => m.to === w.managerA.email).at(-1)!;
    expect(opened.subject).toBe(`New reply to your ticket: Talk ${w.tag}`);
    expect(opened.text).toContain('When is my payout?');
    expect(await c.unread(w.managerA)).toBeGreaterThanOrEqual(1);
    const before = await c.unread(w.managerA);
    expect((await c.get(w.managerA, uuid)).json.data.unread).toBe(false);
    expect(await c.unread(w.managerA)).toBe(before - 1);

    const staff = await c.reply(w.managerA, uuid, 'Paid on Friday');
    expect(staff.status, staff.body).toBe(200);
    expect(staff.json.data.status).toBe('answered');
    const toPartner = (await t.sentMails()).filter((m) => m.to === w.affA.email);
    expect(toPartner.at(-1)).toMatchObject({ subject: `New reply to your ticket: Talk ${w.tag}` });
    expect(toPartner.at(-1)!.text).toContain('Paid on Friday');
    expect(toPartner.at(-1)!.text).toContain(`/tickets/${uuid}`);

    expect((await c.list(w.affA)).json.data.list[0]).toMatchObject({ uuid, unread: true });
    const partner = await c.reply(w.affA, uuid, 'Thanks, and the fee?');
    expect(partner.json.data.status).toBe('open');
    expect(partner.json.data.messages.map((m: any) => [m.from_partner, m.body])).toEqual([
      [true, 'When is my payout?'],
      [false, 'Paid on Friday'],
      [true, 'Thanks, and the fee?'],
    ]);
    const toManager = (await t.sentMails()).filter((m) => m.to === w.managerA.email);
    expect(toManager.at(-1)!.text).toContain('Thanks, and the fee?');

    expect((await c.close(w.affA, uuid)).json.data.status).toBe('closed');
    const again = await c.close(w.managerA, uuid);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ status: 'error', data: null, error: { status: 'This ticket is already closed' } });
    expect((await c.reopen(w.managerA, uuid)).json.data.status).toBe('open');
    expect((await c.reopen(w.managerA, uuid)).status).toBe(400);
  });

  it('refuses an empty subject or message and an unknown type in the envelope, naming the fields', async () => {
    const res = await c.create(w.affA, { type: 'offer_access', subject: ' ', body: '' });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe('error');
    expect(Object.keys(res.json.error!)).toEqual(expect.arrayContaining(['type', 'subject', 'body']));
    const uuid = await openTicket(t.app, w.affA);
    const empty = await c.reply(w.affA, uuid, '   ');
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.error!)).toEqual(['body']);
  });
});
