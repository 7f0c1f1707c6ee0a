import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INTEGRATION_TEMPLATES, integrationTemplateSchema } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { products, sandboxLeads } from '../../db/schema.ts';
import type { OfferWorld } from '../offers/offers.fixtures.ts';
import { contextOf, leadVars, makeSandbox, SECRET, startServedWorld } from './integrations.fixtures.ts';
import { lookupLead } from './lookup.ts';
import { pushLead } from './push.ts';

let t: TestApp;
let w: OfferWorld;
// No ALLOW_PRIVATE_POSTBACK_TARGETS: the sandbox type reaches {panel_url} on loopback all the same.
beforeAll(async () => {
  ({ t, w } = await startServedWorld());
});
afterAll(async () => {
  await t?.close();
});

const sandbox = (...a: [Record<string, unknown>?, Record<string, unknown>?]) => makeSandbox(t, w, ...a);
const withTimeout = (timeoutMs: number) => {
  const base = integrationTemplateSchema.parse(INTEGRATION_TEMPLATES.sandbox);
  return { ...base, push: { ...base.push, timeout_ms: timeoutMs } };
};

describe('sandbox buyer through the default sandbox template', () => {
  it('accepts a lead with its own id and an autologin URL that opens; the key is masked in what is recorded', async () => {
    const { uuid, ctx } = await sandbox();
    const vars = leadVars();
    const out = await pushLead(ctx, vars);
    expect(out).toMatchObject({ result: 'accepted', message: 'Accepted', response: { status_code: 200, error: null } });
    expect(out.request.url).toBe(`${ctx.panelUrl}/sandbox/v1/${uuid}/leads`);
    expect(out.request.headers['X-Sandbox-Key']).toBe('••••');
    expect(JSON.stringify(out)).not.toContain(SECRET);
    const [stored] = await t.db.select().from(sandboxLeads).where(eq(sandboxLeads.affLeadId, vars.lead_id));
    expect(out.external_id).toBe(stored.id);
    expect(stored).toMatchObject({ productId: uuid, email: vars.email, country: 'DE' });
    expect(out.autologin_url).toBe(`${ctx.panelUrl}/sandbox/v1/${uuid}/autologin/${stored.id}`);
    const page = await fetch(out.autologin_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(stored.id);

    // The same Lead Id again is the same send: answered alike, stored once.
    const again = await pushLead(ctx, vars);
    expect(again).toMatchObject({ result: 'accepted', external_id: stored.id });
    expect(await t.db.$count(sandboxLeads, eq(sandboxLeads.affLeadId, vars.lead_id))).toBe(1);
  });

  it('buys only the listed countries and refuses emails with the rejected text', async () => {
    const { ctx } = await sandbox({ accept_countries: ['DE', 'AT'], reject_email_contains: 'spam' });
    expect(await pushLead(ctx, leadVars({ country: 'FR' }))).toMatchObject({
      result: 'rejected',
      message: 'Country FR is not accepted',
      response: { status_code: 400 },
    });
    expect(await pushLead(ctx, leadVars({ email: 'no-SPAM-please@mail.test' }))).toMatchObject({
      result: 'rejected',
      message: 'Email rejected by the buyer',
    });
    expect((await pushLead(ctx, leadVars({ country: 'AT' }))).result).toBe('accepted');
  });

  it('refuses the same email twice as a duplicate, unless the check is off', async () => {
    const { ctx } = await sandbox();
    const email = 'twice@mail.test';
    expect((await pushLead(ctx, leadVars({ email }))).result).toBe('accepted');
    expect(await pushLead(ctx, leadVars({ email: 'TWICE@mail.test' }))).toMatchObject({
      result: 'duplicate',
      response: { status_code: 409 },
    });
    const open = await sandbox({ duplicate_check: false });
    for (let i = 0; i < 3; i += 1) expect((await pushLead(open.ctx, leadVars({ email }))).result).toBe('accepted');
    const vars = leadVars({ email });
    const first = await pushLead(open.ctx, vars);
    expect(first.result).toBe('accepted');
    expect(await pushLead(open.ctx, vars)).toMatchObject({ result: 'accepted', external_id: first.external_id });
    expect(await t.db.$count(sandboxLeads, eq(sandboxLeads.productId, open.uuid))).toBe(4);
    // With the check turned on, a retry is still the same send, found among the other rows of its email. The buyer
    // reads its rules from a cache dropped when the change's notification arrives, a moment after the commit.
    const changed = new Promise<void>((resolve) => {
      const stop = t.services.clicks.cache.onChange((table) => {
        if (table === null || table === 'products') {
          stop();
          resolve();
        }
      });
    });
    await t.db
      .update(products)
      .set({ sandboxRules: { duplicate_check: true } })
      .where(eq(products.id, open.uuid));
    await changed;
    const checked = await contextOf(t, open.uuid, false);
    expect(await pushLead(checked, vars)).toMatchObject({ result: 'accepted', external_id: first.external_id });
    expect((await pushLead(checked, leadVars({ email }))).result).toBe('duplicate');
  });

  it('answers refusals as HTTP 200 with success false when errors_as_200, read as rejected or duplicate', async () => {
    const { ctx } = await sandbox({ errors_as_200: true, accept_countries: ['DE'] });
    const refused = await pushLead(ctx, leadVars({ country: 'PL' }));
    expect(refused).toMatchObject({
      result: 'rejected',
      message: 'Country PL is not accepted',
      response: { status_code: 200 },
    });
    expect(JSON.parse(refused.response.body)).toEqual({ success: false, error: 'Country PL is not accepted' });
    const email = 'again@mail.test';
    await pushLead(ctx, leadVars({ email }));
    expect(await pushLead(ctx, leadVars({ email }))).toMatchObject({
      result: 'duplicate',
      response: { status_code: 200 },
    });
  });

  it('answers late with delay_ms: a timeout (not an error), and the lookup then finds the lead', async () => {
    const { ctx } = await sandbox({ delay_ms: 1500 }, withTimeout(500));
    const vars = leadVars();
    const out = await pushLead(ctx, vars);
    expect(out).toMatchObject({ result: 'timeout', response: { status_code: null } });
    expect(out.duration_ms).toBeGreaterThanOrEqual(450);
    expect(out.duration_ms).toBeLessThan(1400);
    const found = await lookupLead(ctx, vars.lead_id);
    expect(found).toMatchObject({ found: true, response: { status_code: 200 } });
    const [stored] = await t.db.select().from(sandboxLeads).where(eq(sandboxLeads.affLeadId, vars.lead_id));
    expect(found.found && found.external_id).toBe(stored.id);
    expect(found.found && found.autologin_url).toContain(stored.id);
    expect(await lookupLead(ctx, 'never-sent')).toMatchObject({ found: false, response: { status_code: 404 } });
  });

  it('answers 401 to a wrong X-Sandbox-Key and 404 to an unknown product', async () => {
    const { uuid } = await sandbox();
    const post = (product: string, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/v1/${product}/leads`,
        headers: key === undefined ? {} : { 'x-sandbox-key': key },
        payload: { aff_lead_id: 'x', email: 'a@b.test', country: 'DE' },
      });
    for (const key of [undefined, '', 'wrong', `${SECRET}x`]) {
      const res = await post(uuid, key);
      expect(res.statusCode, String(key)).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'Invalid X-Sandbox-Key' });
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/sandbox/v1/${uuid}/statuses`,
          headers: { 'x-sandbox-key': 'wrong' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/sandbox/v1/${uuid}/leads/x`, headers: { 'x-sandbox-key': 'wrong' } }))
        .statusCode,
    ).toBe(401);
    expect((await post('00000000-0000-4000-8000-000000000000', SECRET)).statusCode).toBe(404);
    expect((await post(uuid, SECRET)).statusCode).toBe(200);
  });

  it('takes a form-encoded push as well', async () => {
    const { uuid } = await sandbox();
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/v1/${uuid}/leads`,
      headers: { 'x-sandbox-key': SECRET, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'aff_lead_id=form-1&email=form%40mail.test&country=de',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
  });
});
