import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leadAttempts, leads, products, sandboxLeads } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import type { OfferWorld } from '../offers/offers.fixtures.ts';
import { makeProduct, SECRET, startServedWorld } from './integrations.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
beforeAll(async () => {
  ({ t, w } = await startServedWorld());
});
afterAll(async () => {
  await t?.close();
});

const TEST_URL = '/api/test-api/v1/integration';
const testedAt = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0].testedAt;

describe('Test API › integrations', () => {
  it('a refusal shows the exchange and leaves the product untested', async () => {
    const p = await makeProduct(t, w.managerA, w.advA.id, { sandbox_rules: { accept_countries: ['DE'] } });
    const res = await api(t.app, 'POST', TEST_URL, w.admin.token, { product_uuid: p.uuid, lead: { country: 'FR' } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      ok: false,
      tested_at: null,
      attempt: {
        result: 'rejected',
        message: 'Country FR is not accepted',
        product: { uuid: p.uuid, name: p.name },
        response: { status_code: 400 },
      },
    });
    expect(await testedAt(p.uuid)).toBeNull();
  });

  it('a success marks the product tested and returns the exact request with the key masked; nothing else is stored', async () => {
    const p = await makeProduct(t, w.managerA, w.advA.id);
    expect(p.tested_at).toBeNull();
    const res = await api(t.app, 'POST', TEST_URL, w.head.token, { product_uuid: p.uuid });
    expect(res.status, res.body).toBe(200);
    const { ok, attempt, tested_at } = res.json.data;
    expect(ok).toBe(true);
    expect(attempt).toMatchObject({
      result: 'accepted',
      message: 'Accepted',
      response: { status_code: 200, error: null },
    });
    expect(attempt.lead_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempt.autologin_url).toContain(`/sandbox/v1/${p.uuid}/autologin/${attempt.external_id}`);
    expect(attempt.request.headers['X-Sandbox-Key']).toBe('••••');
    const sent = JSON.parse(attempt.request.body);
    expect(sent).toMatchObject({
      first_name: 'Test',
      last_name: 'Lead',
      country: 'DE',
      ip: '91.64.0.1', // the test lead's home broadband address, which no data-centre check flags
      aff_lead_id: attempt.lead_id,
    });
    expect(sent.email).toMatch(/^test\+[0-9a-f]+@example\.com$/);
    expect(sent.phone).toMatch(/^\+49\d{9}$/);
    expect(sent.password).not.toBe('');
    expect(res.body).not.toContain(SECRET);
    expect(new Date(tested_at).toISOString()).toBe((await testedAt(p.uuid))!.toISOString());
    // The buyer has its test lead; the panel keeps no lead or attempt of a test.
    expect(await t.db.$count(sandboxLeads, eq(sandboxLeads.affLeadId, attempt.lead_id))).toBe(1);
    expect(await t.db.$count(leads)).toBe(0);
    expect(await t.db.$count(leadAttempts)).toBe(0);

    // A later failed test does not take the mark away.
    const again = await api(t.app, 'POST', TEST_URL, w.admin.token, {
      product_uuid: p.uuid,
      lead: { email: sent.email },
    });
    expect(again.json.data).toMatchObject({ ok: false, tested_at: null, attempt: { result: 'duplicate' } });
    expect(await testedAt(p.uuid)).not.toBeNull();
  });

  it('sends the person given, with the phone of another country', async () => {
    const p = await makeProduct(t, w.admin, w.advA.id);
    const lead = {
      first_name: 'Jan',
      last_name: 'Nowak',
      email: 'jan@mail.test',
      country: 'PL',
      ip: '83.0.0.1',
      language: 'pl',
      funnel: 'bitcoin',
      sub1: 'a',
    };
    const res = await api(t.app, 'POST', TEST_URL, w.admin.token, { product_uuid: p.uuid, lead });
    expect(res.json.data.ok).toBe(true);
    const sent = JSON.parse(res.json.data.attempt.request.body);
    expect(sent).toMatchObject({ ...lead, sub2: '' });
    expect(sent.phone).toMatch(/^\+48\d{9}$/);
  });

  it('is for admin and head only; unknown and deleted products are 404', async () => {
    const p = await makeProduct(t, w.admin, w.advA.id);
    for (const m of [w.managerA, w.lead, w.affA, w.advA]) {
      expect((await api(t.app, 'POST', TEST_URL, m.token, { product_uuid: p.uuid })).status).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: TEST_URL, payload: { product_uuid: p.uuid } })).statusCode).toBe(
      401,
    );
    expect(await testedAt(p.uuid)).toBeNull();
    expect(
      (await api(t.app, 'POST', TEST_URL, w.admin.token, { product_uuid: '00000000-0000-4000-8000-000000000000' }))
        .status,
    ).toBe(404);
    await api(t.app, 'DELETE', `/api/advertisers/v1/${w.advA.id}/products/${p.uuid}`, w.admin.token);
    expect((await api(t.app, 'POST', TEST_URL, w.admin.token, { product_uuid: p.uuid })).status).toBe(404);
    expect((await api(t.app, 'POST', TEST_URL, w.admin.token, { product_uuid: 'nope' })).status).toBe(400);
  });
});
