import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { offerProducts, offers, products } from '../db/schema.ts';
import { createSecrets } from '../lib/secrets.ts';
import { seedDemo } from './demo.ts';

// The lead-distribution demo: sandbox buyers on two API offers, and leads with people, attempts and call-status histories.
let t: TestApp;
const secrets = createSecrets('demo-leads-test-secret-0123456789');
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { clicks: 20_000, now: Date.now(), secrets });
});
afterAll(async () => {
  await t?.close();
});

const one = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows[0] as T;

describe('demo leads', () => {
  it('puts three tested sandbox buyers with a key at the head of two API offers', async () => {
    for (const title of ['Crypto leads EU — API', 'Casino leads CA — API']) {
      const rows = await t.db
        .select({
          name: products.name,
          type: products.integrationType,
          tested: products.testedAt,
          keys: products.credentialKeys,
          priority: offerProducts.priority,
        })
        .from(offerProducts)
        .innerJoin(offers, eq(offers.id, offerProducts.offerId))
        .innerJoin(products, eq(products.id, offerProducts.productId))
        .where(
          and(eq(offers.title, title), eq(products.integrationType, 'sandbox'), sql`${products.name} like 'Sandbox %'`),
        );
      expect(rows, title).toHaveLength(3);
      for (const r of rows) expect(r).toMatchObject({ type: 'sandbox', keys: ['api_key'], tested: expect.any(Date) });
      expect(rows.map((r) => r.priority).sort()).toEqual([1, 1, 2]);
    }
  });

  it('leaves no lead half made: accepted ones have their accepted attempt, failed ones a reason, all a person', async () => {
    const r = await one<Record<string, string>>(sql`select count(*) as total,
      count(*) filter (where status not in ('accepted', 'failed')) as odd,
      count(*) filter (where email is null or phone not like '+%') as no_person,
      count(*) filter (where status = 'accepted' and not exists (select 1 from lead_attempts a where a.id = leads.accepted_attempt_id and a.result = 'accepted' and a.product_id = leads.product_id)) as no_attempt,
      count(*) filter (where status = 'failed' and reason is null) as no_reason,
      count(*) filter (where status = 'accepted') as accepted, count(*) filter (where status = 'failed') as failed
      from leads`);
    expect(Number(r.total)).toBeGreaterThan(100);
    expect(Number(r.accepted)).toBeGreaterThan(0);
    expect(Number(r.failed)).toBeGreaterThan(0);
    expect([r.odd, r.no_person, r.no_attempt, r.no_reason].map(Number)).toEqual([0, 0, 0, 0]);
  });

  it('gives FTD leads their FTD: a history ending in ftd at the conversion, and no history for failed ones', async () => {
    const r = await one<Record<string, string>>(sql`select
      count(*) filter (where c.goal = 'ftd') as ftd_conversions,
      count(*) filter (where c.goal = 'ftd' and not (l.is_ftd and l.call_status = 'ftd' and l.ftd_at = c.created_at)) as ftd_mismatch,
      (select count(*) from lead_history_status h join leads x on x.id = h.lead_id where x.status = 'failed') as failed_history,
      (select count(*) from leads x where x.status = 'accepted' and not exists (select 1 from lead_history_status h where h.lead_id = x.id)) as accepted_without_history,
      (select count(*) from lead_history_status h where h.created_at > now()) as future
      from conversions c join leads l on l.id = c.lead_id`);
    expect(Number(r.ftd_conversions)).toBeGreaterThan(0);
    expect([r.ftd_mismatch, r.failed_history, r.accepted_without_history, r.future].map(Number)).toEqual([0, 0, 0, 0]);
  });

  it('runs once: a second seed changes no lead', async () => {
    const before = await one<{ n: string; h: string }>(
      sql`select (select count(*) from lead_attempts) as n, (select count(*) from lead_history_status) as h`,
    );
    await seedDemo(t.db, { clicks: 20_000, secrets });
    expect(
      await one(sql`select (select count(*) from lead_attempts) as n, (select count(*) from lead_history_status) as h`),
    ).toEqual(before);
  });
});
