import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { statsHourly, users } from '../../db/schema.ts';
import { foldRollups } from './conversion-rollup.ts';
import { api } from '../managers/staff.fixtures.ts';
import { click, clickIdOf, startClickWorld, type ClickWorld } from './click.fixtures.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';

let t: TestApp;
let w: ClickWorld;
const token = 'adv-a-token-conversions-01';
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
  await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, w.advA.id));
});
afterAll(async () => {
  await t?.close();
});

/** A pending registration conversion of affiliate A (manager A's) on a fresh offer. */
const pendingConversion = async () => {
  const o = await w.offer();
  const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: '46.4.0.9' });
  const pb = await t.app.inject({
    method: 'GET',
    url: `/postback?click_id=${clickIdOf(res.headers.location as string)}&goal=registration&token=${token}`,
  });
  return { offer: o, uuid: pb.json().data.conversion_id as string };
};
const change = (uuid: string, token: string, body: Record<string, unknown>) =>
  api(t.app, 'POST', `/api/conversions/v1/${uuid}/status`, token, body);

describe("staff change a conversion's status", () => {
  it('approve, hold and reject with reasons; the history says who and why; rollups follow', async () => {
    const { offer, uuid } = await pendingConversion();
    expect((await change(uuid, w.managerA.token, { status: 'approved' })).json.data.status).toBe('approved');
    await change(uuid, w.lead.token, { status: 'hold', reason: 'Checking traffic quality' });
    const res = await change(uuid, w.admin.token, { status: 'rejected', reason: 'Fraud: same device for 40 leads' });
    expect(res.status, res.body).toBe(200);
    expect(
      res.json.data.history.map(
        (h: { from: string | null; to: string; source: string; actor: { uuid: string } | null; reason: string }) => [
          h.from,
          h.to,
          h.source,
          h.actor?.uuid ?? null,
          h.reason,
        ],
      ),
    ).toEqual([
      [null, 'pending', 'postback', null, ''],
      ['pending', 'approved', 'staff', w.managerA.id, ''],
      ['approved', 'hold', 'staff', w.lead.id, 'Checking traffic quality'],
      ['hold', 'rejected', 'staff', w.admin.id, 'Fraud: same device for 40 leads'],
    ]);
    await foldRollups(t.db, { wait: true });
    const [roll] = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.offerId, offer.uuid), ne(statsHourly.currency, '')));
    expect(roll).toMatchObject({
      conversions: 1,
      pending: 0,
      approved: 0,
      hold: 0,
      rejected: 1,
      payout: 0,
      revenue: 0,
    });
  });

  it("negative: a reason is required to reject or hold; another manager's affiliate is not found; partners are refused", async () => {
    const { uuid } = await pendingConversion();
    expect((await change(uuid, w.admin.token, { status: 'rejected' })).json.error).toEqual({ reason: 'Give a reason' });
    expect((await change(uuid, w.managerB.token, { status: 'approved' })).status).toBe(404);
    expect((await api(t.app, 'GET', `/api/conversions/v1/${uuid}`, w.managerB.token)).status).toBe(404);
    expect((await change(uuid, w.affA.token, { status: 'approved' })).status).toBe(403);
    expect((await api(t.app, 'GET', `/api/conversions/v1/${uuid}`, w.managerA.token)).json.data.status).toBe('pending');
  });
});
