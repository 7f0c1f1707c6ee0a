import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_UNSENT_MAX_BYTES, TICKET_UPLOADS_PER_HOUR } from '@pxl/contract';
import { auditLog, ticketAttachments, tickets } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { removeStaleUploads } from './tickets.attachments.ts';
import { PNG, openTicket, startTicketWorld, ticketCalls, type TicketWorld } from './tickets.fixtures.ts';

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

const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
const uuidOf = (res: { status: number; json: { data: any } }) => {
  expect(res.status).toBe(200);
  return res.json.data.uuid as string;
};

describe('upload limits', () => {
  it(`refuses the upload after ${TICKET_UPLOADS_PER_HOUR} in an hour with 429 and Retry-After`, async () => {
    for (let i = 0; i < TICKET_UPLOADS_PER_HOUR; i++)
      expect((await c.upload(w.advB, `s${i}.png`, PNG)).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tickets/v1/attachments?name=one-more.png',
      payload: PNG,
      headers: { 'pxl-authorization': w.advB.token, 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(res.json()).toEqual({
      status: 'error',
      data: null,
      error: { rate_limit: expect.stringMatching(/^Too many attempts\. Try again in \d+ min\.$/) },
    });
    // Another user is not held back by it.
    expect((await c.upload(w.advA, 'mine.png', PNG)).status).toBe(200);
  });

  it('refuses an upload past the unsent quota in words, and takes it again once files are sent', async () => {
    const full = TICKET_UNSENT_MAX_BYTES / TICKET_ATTACHMENT_MAX_BYTES;
    const ids: string[] = [];
    for (let i = 0; i < full; i++)
      ids.push(uuidOf(await c.upload(w.affB, `big${i}.pdf`, pdfOf(TICKET_ATTACHMENT_MAX_BYTES))));
    const over = await c.upload(w.affB, 'small.png', PNG);
    expect(over.status).toBe(400);
    expect(over.json).toEqual({
      status: 'error',
      data: null,
      error: {
        file: 'Files not sent yet may take at most 50 MB: send them with a message or wait a day, when unsent files are removed',
      },
    });
    await openTicket(t.app, w.affB, { attachments: ids.slice(0, 2) });
    expect((await c.upload(w.affB, 'small.png', PNG)).status).toBe(200);
  });

  it('removes uploads never sent once they are a day old; sent and recent ones stay', async () => {
    const sent = uuidOf(await c.upload(w.affA, 'sent.png', PNG));
    const stale = uuidOf(await c.upload(w.affA, 'stale.png', PNG));
    const fresh = uuidOf(await c.upload(w.affA, 'fresh.png', PNG));
    await openTicket(t.app, w.affA, { attachments: [sent] });
    await t.db
      .update(ticketAttachments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(ticketAttachments.id, [sent, stale]));

    expect(await removeStaleUploads(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ id: ticketAttachments.id, bytes: sql<number>`length(${ticketAttachments.content})`.mapWith(Number) })
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.id, [sent, stale, fresh]));
    expect(left.map((r) => r.id).sort()).toEqual([sent, fresh].sort());
    expect(left.every((r) => r.bytes === PNG.length)).toBe(true);
    expect((await c.download(w.affA, stale)).statusCode).toBe(404);
    expect((await c.download(w.affA, sent)).statusCode).toBe(200);
  });
});

describe('saved names', () => {
  it('gives a file the extension of what its bytes are, in the answer, the thread and the download', async () => {
    const up = await c.upload(w.affA, 'invoice.cmd', pdfOf(2000));
    expect(up.json.data).toMatchObject({ name: 'invoice.pdf', mime: 'application/pdf' });
    const noExt = uuidOf(await c.upload(w.affA, 'scan', PNG));
    // A file stored before names were checked still leaves under the right extension.
    const old = uuidOf(await c.upload(w.affA, 'x.png', PNG));
    await t.db.update(ticketAttachments).set({ name: 'old.exe' }).where(eq(ticketAttachments.id, old));
    const uuid = await openTicket(t.app, w.affA, { attachments: [up.json.data.uuid, noExt, old] });
    const names = (await c.get(w.managerA, uuid)).json.data.messages[0].attachments.map((a: any) => a.name);
    expect(names).toEqual(['invoice.pdf', 'scan.png', 'old.png']);
    for (const [id, name, kind] of [
      [up.json.data.uuid, 'invoice.pdf', 'attachment'],
      [noExt, 'scan.png', 'inline'],
      [old, 'old.png', 'inline'],
    ]) {
      const res = await c.download(w.managerA, id);
      expect(res.headers['content-disposition']).toBe(`${kind}; filename="${name}"; filename*=UTF-8''${name}`);
    }
  });
});

describe('subjects', () => {
  it('fold line breaks and tabs to one line; a subject of breaks only is required', async () => {
    const uuid = await openTicket(t.app, w.affA, { subject: ' Payout\r\nmissing\n\n\tfor May \u2028now ' });
    const [row] = await t.db.select({ subject: tickets.subject }).from(tickets).where(eq(tickets.id, uuid));
    expect(row.subject).toBe('Payout missing for May now');
    expect((await c.get(w.affA, uuid)).json.data.subject).toBe('Payout missing for May now');
    const empty = await c.create(w.affA, { subject: '\r\n\t' });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toEqual({ subject: 'Subject is required' });
  });
});

describe('audit', () => {
  it('writes every ticket action with its actor, the partner as subject, never the text', async () => {
    const uuid = await openTicket(t.app, w.affA, { subject: 'Audit me', body: 'secret words' });
    expect((await c.reply(w.managerA, uuid, 'staff words')).status).toBe(200);
    expect((await c.reply(w.affA, uuid, 'partner words')).status).toBe(200);
    expect((await c.close(w.managerA, uuid)).status).toBe(200);
    expect((await c.reopen(w.affA, uuid)).status).toBe(200);
    expect((await c.close(w.admin, uuid)).status).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket_change'), sql`${auditLog.details}->>'ticket_uuid' = ${uuid}`))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => [r.details.change, r.actorId, r.subjectId])).toEqual([
      ['create', w.affA.id, w.affA.id],
      ['reply', w.managerA.id, w.affA.id],
      ['reply', w.affA.id, w.affA.id],
      ['close', w.managerA.id, w.affA.id],
      ['reopen', w.affA.id, w.affA.id],
      ['close', w.admin.id, w.affA.id],
    ]);
    expect(rows[1].details).toMatchObject({ status_from: 'open', status_to: 'answered' });
    expect(rows[0].details).toMatchObject({ type: 'general', subject: 'Audit me', attachments: 0 });
    expect(rows.every((r) => r.ip)).toBe(true);
    expect(JSON.stringify(rows.map((r) => r.details))).not.toMatch(/secret words|staff words|partner words/);
    // Visible in the audit log screen's API with the action's filter.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/log/v1/list?action=ticket_change',
      headers: { 'pxl-authorization': w.admin.token },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
