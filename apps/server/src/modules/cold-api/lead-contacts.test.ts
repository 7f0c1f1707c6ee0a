// A lead's contacts (email, phone, IP) reach a team lead masked from every answer that carries them — the logs and
// their CSV pages, the conversion detail, the Cold API — and a team lead cannot find a lead by them; admin sees all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadAttempts } from '../../db/schema.ts';
import { maskEmail, maskIp, maskPhone } from '../../lib/lead-contacts.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { COLD_DAY, insertDistribution, insertSend, makeList, makeRule, startColdWorld } from './cold.fixtures.ts';

let s: Awaited<ReturnType<typeof startColdWorld>>;
beforeAll(async () => {
  s = await startColdWorld();
  const lead = s.w.stored.accepted;
  // A buyer's answer that echoes the person's contacts, as some do.
  await s.t.db.insert(leadAttempts).values({
    leadId: lead.id,
    productId: s.w.productP.id,
    position: 0,
    result: 'rejected',
    message: `Duplicate: ${lead.email} / ${lead.phone!.slice(1)} from ${lead.ip}`,
  });
});
afterAll(async () => s?.stop());

const DAYS = `date_from=${COLD_DAY}&date_to=${COLD_DAY}`;
const get = async (by: Member, url: string) => {
  const res = await api(s.t.app, 'GET', url, by.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data;
};
const lead = () => s.w.stored.accepted;
const masked = () => ({ email: maskEmail(lead().email!), phone: maskPhone(lead().phone!), ip: maskIp(lead().ip!) });

describe("a lead's contacts for a team lead", () => {
  it('the user sessions log (its CSV pages too) masks email, phone, IP and the buyers’ answers; admin sees them whole', async () => {
    // count=100: the page size the CSV export asks for (docs/product/api-and-errors.md).
    const url = `/api/statistic/v1/user-sessions?kind=api&${DAYS}&search=${lead().id}&count=100`;
    const [row] = (await get(s.w.lead, url)).list;
    expect(row).toMatchObject(masked());
    expect(masked().email).toMatch(/^a\*\*\*@example\.org$/);
    expect(masked().ip).toBe('46.4.•.•');
    const message = row.attempts[0].message as string;
    expect(message).not.toContain(lead().email);
    expect(message).not.toContain(lead().phone!.slice(1));
    expect(message).not.toContain(lead().ip);
    const [whole] = (await get(s.w.admin, url)).list;
    expect(whole).toMatchObject({ email: lead().email, phone: lead().phone, ip: lead().ip });
    expect(whole.attempts[0].message).toContain(lead().email);
  });

  it('the conversions log and the conversion detail mask the lead', async () => {
    const url = `/api/statistic/v1/conversions?kind=api&${DAYS}&search=${s.w.conversions.accepted.id}&count=100`;
    expect((await get(s.w.lead, url)).list[0].email).toBe(masked().email);
    expect((await get(s.w.admin, url)).list[0].email).toBe(lead().email);
    const detail = `/api/statistic/v1/conversions/${s.w.conversions.accepted.id}`;
    expect((await get(s.w.lead, detail)).lead).toMatchObject(masked());
    expect((await get(s.w.admin, detail)).lead).toMatchObject({ email: lead().email, phone: lead().phone });
  });

  it('the Cold API search, list and sends mask the lead, its refusal text included', async () => {
    const search = `/api/cold-api/v1/lead-lists/search?search=${lead().id}`;
    expect((await get(s.w.lead, search)).list[0]).toMatchObject({ email: masked().email, phone: masked().phone });
    const list = await makeList(s.t.app, s.w.admin, [lead().id]);
    const d = await insertDistribution(s.t.db, {
      listId: list,
      ruleId: await makeRule(s.t.app, s.w.admin),
      affiliateId: s.w.affA.id,
      offerId: s.w.source.id,
    });
    await insertSend(s.t.db, d, lead(), {
      copy: { status: 'failed', reason: 'no_product_available', reasonDetail: `Buyer P: rejected (${lead().email})` },
    });
    const rows = (await get(s.w.lead, `/api/cold-api/v1/lead-lists/${list}/leads?source=user_session`)).list;
    expect(rows[0]).toMatchObject({ email: masked().email, phone: masked().phone });
    expect(rows[0].last_send.detail).toBe(`Buyer P: rejected (${masked().email})`);
    const sends = (await get(s.w.lead, `/api/cold-api/v1/distributions/${d.id}/sends`)).list;
    expect(sends[0].lead.email).toBe(masked().email);
    expect(sends[0].error).toBe(`Buyer P: rejected (${masked().email})`);
    expect((await get(s.w.admin, `/api/cold-api/v1/distributions/${d.id}/sends`)).list[0].error).toContain(
      lead().email,
    );
  });

  it('cannot find a lead by its email, phone or IP (refused in words); admin can', async () => {
    const sessions = (q: string) => `/api/statistic/v1/user-sessions?kind=api&${DAYS}&search=${encodeURIComponent(q)}`;
    const cold = (q: string) => `/api/cold-api/v1/lead-lists/search?search=${encodeURIComponent(q)}`;
    for (const url of [
      sessions(lead().email!),
      `/api/statistic/v1/conversions?kind=api&${DAYS}&search=${encodeURIComponent(lead().email!)}`,
      cold(lead().email!),
      cold(lead().phone!),
      cold(lead().ip!),
    ]) {
      const res = await api(s.t.app, 'GET', url, s.w.lead.token);
      expect(res.status, url).toBe(400);
      expect(res.json).toEqual({
        status: 'error',
        data: null,
        error: {
          search: expect.stringMatching(/^Contacts are hidden from team leads: search by a Lead ID instead of/),
        },
      });
    }
    // An IP typed in the log's search reads the subs only for a team lead: the lead is not found by it.
    expect((await get(s.w.lead, sessions(lead().ip!))).list.map((r: { uuid: string }) => r.uuid)).not.toContain(
      lead().id,
    );
    expect((await get(s.w.admin, sessions(lead().email!))).list.map((r: { uuid: string }) => r.uuid)).toContain(
      lead().id,
    );
    expect((await get(s.w.admin, cold(lead().phone!))).list.map((r: { uuid: string }) => r.uuid)).toContain(lead().id);
  });
});
