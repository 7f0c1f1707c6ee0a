import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { products } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { leadBody, sendLead, startLeadWorld, templateFor, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

/**
 * Waits for the change notification to reach this process. The bound is far under the cache's 10 s TTL, so a pass
 * shows the NOTIFY dropped the cache, not its age.
 */
const notified = async (before: number) => {
  const cache = t.services.leadCache;
  await vi.waitFor(() => expect(cache.links.generation).toBeGreaterThan(before), { timeout: 60_000, interval: 5 });
};

describe('the lead path cache', () => {
  it('stops sending to a product made inactive as soon as the change is committed', async () => {
    const first = buyers.add('accept');
    const second = buyers.add('accept');
    const firstId = await w.product(first);
    const offer = await w.offer([
      { product_uuid: firstId, priority: 1 },
      { product_uuid: await w.product(second), priority: 2 },
    ]);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).json.data.status).toBe('accepted');
    expect(first.received).toHaveLength(1);

    const before = t.services.leadCache.links.generation;
    const res = await api(t.app, 'PUT', `/api/advertisers/v1/${w.advA.id}/products/${firstId}`, w.admin.token, {
      name: first.name,
      integration_type: 'json',
      status: 'not_active',
    });
    expect(res.status, res.body).toBe(200);
    await notified(before);
    const next = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(next.json.data.status, next.body).toBe('accepted');
    expect(first.received).toHaveLength(1);
    expect(second.received).toHaveLength(1);
  });

  it('takes a changed template (untested again), a new link and a stopped offer as soon as they are committed', async () => {
    const first = buyers.add('accept');
    const second = buyers.add('accept');
    const firstId = await w.product(first);
    const offer = await w.offer([{ product_uuid: firstId }]);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).json.data.status).toBe('accepted');

    // A new template must pass the integration test again before the product gets leads.
    let before = t.services.leadCache.links.generation;
    const edited = await api(t.app, 'PUT', `/api/advertisers/v1/${w.advA.id}/products/${firstId}`, w.admin.token, {
      name: first.name,
      integration_type: 'json',
      status: 'active',
      integration: templateFor(first, { timeoutMs: 4000 }),
    });
    expect(edited.json.data.tested_at, edited.body).toBeNull();
    await notified(before);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).json.error?.reason).toBe('no_product_available');
    expect(first.received).toHaveLength(1);

    before = t.services.leadCache.links.generation;
    const linked = await w.calls.section(w.admin, offer.uuid, 'products', {
      products: [{ product_uuid: firstId }, { product_uuid: await w.product(second) }],
    });
    expect(linked.status, linked.body).toBe(200);
    await notified(before);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).json.data.status).toBe('accepted');
    expect(second.received).toHaveLength(1);

    before = t.services.leadCache.links.generation;
    expect((await w.calls.status(w.admin, offer.uuid, 'stopped')).status).toBe(200);
    await notified(before);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).json.error?.reason).toBe('offer_not_active');
  });

  it('is not dropped by the status pull writing its bookkeeping on a product', async () => {
    const b = buyers.add('accept');
    const id = await w.product(b);
    const offer = await w.offer([{ product_uuid: id }]);
    const seen: (string | null)[] = [];
    const stop = t.services.clicks.cache.onChange((table) => seen.push(table));
    try {
      await t.db
        .update(products)
        .set({ pulledUntil: sql`now()`, pullDueAt: sql`now() + interval '5 minutes'` })
        .where(eq(products.id, id));
      // Notifications arrive in commit order: once this later one is in, one from the bookkeeping would be too.
      expect((await w.calls.status(w.admin, offer.uuid, 'stopped')).status).toBe(200);
      await vi.waitFor(() => expect(seen).toContain('offers'), { timeout: 60_000, interval: 5 });
      expect(seen).not.toContain('products');
      await t.db.update(products).set({ name: 'Renamed buyer' }).where(eq(products.id, id));
      await vi.waitFor(() => expect(seen).toContain('products'), { timeout: 60_000, interval: 5 });
    } finally {
      stop();
    }
  });
});
