import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { clicks } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { clickWorld, type ClickWorld } from './click.fixtures.ts';

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await clickWorld(t.app, t.db) as ClickWorld;
});
afterAll(async () => { await t?.close(); });

const simulate = (body: Record<string, unknown>, token = w.admin.token) => api(t.app, 'POST', '/api/test-api/v1/direct-link', token, body);
const clickCount = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks))[0].n;

describe('Test API › direct link', () => {
  it('shows the decision, each check and the final URL, and records nothing', async () => {
    const o = await w.offer({ geos: ['DE'] });
    const before = await clickCount();
    const ok = await simulate({ offer_id: o.id, affiliate_uuid: w.affA.id, country: 'DE', device: 'mobile', os: 'android', sub1: 'test' });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json.data).toMatchObject({ outcome: 'offer', reason: null });
    expect(ok.json.data.url).toMatch(/^https:\/\/adv\.example\/go\?cid=[0-9a-f-]{36}&s=test$/);
    expect(ok.json.data.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    const refused = await simulate({ offer_id: o.id, affiliate_uuid: w.affA.id, country: 'FR' });
    expect(refused.json.data).toMatchObject({ outcome: 'unavailable', reason: 'geo_not_allowed', url: null });
    expect(refused.json.data.checks.at(-1)).toMatchObject({ name: 'Country', ok: false, detail: 'FR' });
    await t.app.tracking.writer.drain();
    expect(await clickCount()).toBe(before);
  });

  it('negative: validates its input and is for admin and head only', async () => {
    expect((await simulate({ offer_id: 0, affiliate_uuid: 'x' })).json.error).toMatchObject({ offer_id: 'Choose an offer', affiliate_uuid: 'Choose an affiliate' });
    expect((await simulate({ offer_id: 1, affiliate_uuid: w.affA.id }, w.managerA.token)).status).toBe(403);
  });
});
