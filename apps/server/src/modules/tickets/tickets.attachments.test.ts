import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_ATTACHMENT_MAX_BYTES } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
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

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

describe('ticket attachments', () => {
  it('takes images and PDF by their content, whatever the name says', async () => {
    const png = await c.upload(w.affA, 'screen.pdf', PNG);
    expect(png.status).toBe(200);
    // Saved under the extension of what it is (docs/product/tickets-and-mail.md, "Attachments").
    expect(png.json.data).toMatchObject({ name: 'screen.png', mime: 'image/png', size: PNG.length });
    const pdf = await c.upload(w.affA, 'invoice.pdf', pdfOf(TICKET_ATTACHMENT_MAX_BYTES));
    expect(pdf.status).toBe(200);
    expect(pdf.json.data.mime).toBe('application/pdf');
  });

  it('refuses a renamed executable, HTML, an empty file and 5 MB + 1 byte, in the envelope', async () => {
    for (const [name, bytes] of [
      ['photo.png', EXE],
      ['page.png', Buffer.from('<html><script>alert(1)</script>')],
      ['empty.png', Buffer.alloc(0)],
    ] as const) {
      const res = await c.upload(w.affA, name, bytes);
      expect(res.status, name).toBe(400);
      expect(res.json).toMatchObject({ status: 'error', data: null });
      expect(Object.keys(res.json.error!)).toEqual(['file']);
    }
    const big = await c.upload(w.affA, 'big.pdf', pdfOf(TICKET_ATTACHMENT_MAX_BYTES + 1));
    expect(big.status).toBe(400);
    expect(big.json.error).toEqual({ file: 'A file may be at most 5 MB' });
  });

  it('serves a sent file only to those who may read the ticket, with a safe disposition', async () => {
    const file = (await c.upload(w.affA, 'shot "1".png', PNG)).json.data.uuid as string;
    const uuid = await openTicket(t.app, w.affA, { attachments: [file] });
    const ticket = (await c.get(w.managerA, uuid)).json.data;
    expect(ticket.messages[0].attachments).toEqual([
      { uuid: file, name: 'shot "1".png', mime: 'image/png', size: PNG.length },
    ]);
    for (const m of [w.affA, w.managerA, w.admin]) {
      const res = await c.download(m, file);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="shot _1_.png"; filename*=UTF-8''${encodeURIComponent('shot "1".png')}`,
      );
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    for (const m of [w.affB, w.managerB, w.advA]) {
      const res = await c.download(m, file);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', data: null, error: { not_found: 'Attachment not found' } });
    }
  });

  it("never binds someone else's upload or a file already sent", async () => {
    const mine = (await c.upload(w.affB, 'b.png', PNG)).json.data.uuid as string;
    const res = await c.create(w.affA, { attachments: [mine] });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ attachments: 'A file was not found: upload it again' });
    expect((await c.download(w.affA, mine)).statusCode).toBe(404);
    const uuid = await openTicket(t.app, w.affB, { attachments: [mine] });
    expect((await c.reply(w.affB, uuid, 'again', [mine])).status).toBe(400);
  });
});
