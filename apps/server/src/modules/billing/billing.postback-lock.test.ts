import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { conversions, inboundPostbacks, users } from '../../db/schema.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';
import { click, clickIdOf, startClickWorld, type ClickWorld } from '../tracking/click.fixtures.ts';
import { billingCalls } from './billing.fixtures.ts';

let t: TestApp;
let w: ClickWorld;
const token = 'adv-a-token-billing-lock-1';
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
  await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, w.advA.id));
});
afterAll(async () => {
  await t?.close();
});

describe("an advertiser's postback and an invoiced conversion", () => {
  it('is refused while a live invoice holds it, logged as refused, and applies once the invoice is declined', async () => {
    const b = billingCalls(t.app);
    const o = await w.offer();
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: '46.4.0.77' });
    const clickId = clickIdOf(res.headers.location as string)!;
    const postback = (status: string) =>
      t.app.inject({
        method: 'GET',
        url: `/postback?click_id=${clickId}&goal=registration&status=${status}&token=${token}`,
      });
    const id = (await postback('approved')).json().data.conversion_id as string;
    const inv = (await b.generate(w.admin, { conversion_uuids: [id] })).json.data.list[0];

    const refused = await postback('rejected');
    const message = `This conversion is in invoice ${inv.number}; decline or delete the invoice to change its status`;
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', data: null, error: { status: message } });
    expect((await t.db.select().from(conversions).where(eq(conversions.id, id)))[0].status).toBe('approved');
    const logged = await t.db.select().from(inboundPostbacks).where(eq(inboundPostbacks.clickId, clickId));
    expect(logged.map((l) => l.statusCode).sort()).toEqual([200, 409]);
    expect(logged.find((l) => l.statusCode === 409)!.response).toEqual(refused.json());

    await b.decline(w.admin, inv.uuid);
    const applied = await postback('rejected');
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await t.db.select().from(conversions).where(eq(conversions.id, id)))[0].status).toBe('rejected');
  });
});
