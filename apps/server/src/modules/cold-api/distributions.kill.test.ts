// A server process killed with SIGKILL in the middle of a distribution's send to a slow sandbox buyer: after a restart
// every list lead reached the buyer exactly once and none was skipped, as the buyer's own book (sandbox_leads) says.
// The server runs as a real child process on a database of its own (apps/server/test/child-server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  coldDistributions,
  coldSends,
  coldLeadLists,
  coldListLeads,
  coldRules,
  leads,
  offerProducts,
  offers,
  products,
  sandboxLeads,
  users,
} from '../../db/schema.ts';
import { childServer } from '#test/child-server.ts';

const ADMIN = { email: 'cold-kill@test.local', password: 'cold-kill-pass-2026' };
const N = 12;
let child: Awaited<ReturnType<typeof childServer>>;
let db: Db;
let url: string;
const start = () => child.start();
const kill9 = () => child.kill9();
const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { 'pxl-authorization': token }) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};
const until = async <T>(check: () => Promise<T | false>, what: string, ms = 60_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  child = await childServer('cold-kill', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ db, url } = child);
});
afterAll(async () => {
  await child?.stop();
});

describe('kill -9 during a send', () => {
  it('every list lead reaches the slow buyer exactly once, none skipped', async () => {
    await start();
    const token = (await post('/api/auth/v1/login', ADMIN)).token as string;
    const [advertiser] = await db
      .insert(users)
      .values({ role: 'advertiser', email: 'adv-kill@test.local', passwordHash: 'x' })
      .returning();
    const [affiliate] = await db
      .insert(users)
      .values({ role: 'affiliate', email: 'aff-kill@test.local', passwordHash: 'x' })
      .returning();
    // The sandbox buyer stores a lead at once and answers 400 ms later, as a slow real buyer would.
    const product = await post(
      `/api/advertisers/v1/${advertiser.id}/products`,
      {
        name: 'Slow sandbox',
        integration_type: 'sandbox',
        credentials: { api_key: 'kill-sandbox-key' },
        status: 'active',
        geos: [],
        sandbox_rules: { delay_ms: 400, ftd_percent: 0 },
      },
      token,
    );
    const productId = product.uuid as string;
    await db.update(products).set({ testedAt: new Date() }).where(eq(products.id, productId));
    const [offer] = await db
      .insert(offers)
      .values({ type: 'api', title: 'Cold target', vertical: 'crypto', status: 'active' })
      .returning();
    await db.insert(offerProducts).values({ offerId: offer.id, productId });
    const stored = await db
      .insert(leads)
      .values(
        Array.from({ length: N }, (_, i) => ({
          offerId: offer.id,
          affiliateId: affiliate.id,
          email: `kill-${i}-${randomBytes(3).toString('hex')}@example.org`,
          phone: `+4915100000${String(i).padStart(2, '0')}`,
          country: 'DE',
          ip: '46.4.0.9',
          status: 'failed',
          createdAt: new Date(Date.now() - 40 * 86_400_000 + i * 1000),
        })),
      )
      .returning();
    const [list] = await db.insert(coldLeadLists).values({ title: 'Kill list' }).returning();
    await db
      .insert(coldListLeads)
      .values(stored.map((l) => ({ listId: list.id, leadId: l.id, source: 'user_session' })));
    const [rule] = await db.insert(coldRules).values({ name: 'Kill rule', maxResends: 3 }).returning();
    const made = await post(
      '/api/cold-api/v1/distributions/create',
      {
        title: 'Killed mid-send',
        list_uuid: list.id,
        rule_uuid: rule.id,
        affiliate_uuid: affiliate.id,
        offer_uuid: offer.id,
        start_date: '2020-01-01',
        time_zone: 'UTC',
        interval_min: 0,
        interval_max: 0,
        daily_limit: null,
        order: 'oldest',
      },
      token,
    );
    const distributionId = made.uuid as string;

    // Mid-send: a copy is processing with its send in flight, and the buyer already has it (it answers late).
    const inFlight = await until(async () => {
      const [copy] = await db
        .select({ id: leads.id, attempt: leads.sendingAttemptId })
        .from(leads)
        .where(
          and(
            eq(leads.coldDistributionId, distributionId),
            eq(leads.status, 'processing'),
            isNotNull(leads.sendingAttemptId),
          ),
        );
      if (!copy) return false;
      const [book] = await db.select().from(sandboxLeads).where(eq(sandboxLeads.affLeadId, copy.attempt!));
      const taken = await db.$count(sandboxLeads, eq(sandboxLeads.productId, productId));
      return book && taken >= 3 ? copy : false;
    }, 'a send in flight');
    await kill9();
    const beforeRestart = await db.$count(sandboxLeads, eq(sandboxLeads.productId, productId));
    expect(beforeRestart).toBeLessThan(N);

    // What the passing of time does to a dead process's marks: its lease (30 s) and the copy's age (150 s) run out.
    await db
      .update(coldDistributions)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(coldDistributions.id, distributionId));
    await db
      .update(leads)
      .set({ updatedAt: sql`now() - interval '151 seconds'` })
      .where(and(eq(leads.coldDistributionId, distributionId), eq(leads.status, 'processing')));

    await start();
    // Each claim ends with an accepted copy: the one in flight by asking the buyer; one killed before its call (or that
    // the buyer surely lacks) is given back and sent again.
    const sent = () =>
      db
        .select({ copy: leads })
        .from(coldSends)
        .innerJoin(leads, eq(leads.id, coldSends.sessionId))
        .where(eq(coldSends.distributionId, distributionId));
    await until(async () => {
      const rows = await sent();
      return rows.length === N && rows.every((r) => r.copy.status !== 'processing');
    }, 'every lead sent after the restart');

    const book = await db
      .select({ email: sandboxLeads.email, n: sql<number>`count(*)`.mapWith(Number) })
      .from(sandboxLeads)
      .where(eq(sandboxLeads.productId, productId))
      .groupBy(sandboxLeads.email);
    expect(book.map((b) => b.email).sort()).toEqual(stored.map((l) => l.email).sort());
    expect(book.every((b) => b.n === 1)).toBe(true);
    const rows = await sent();
    expect(rows.every((r) => r.copy.status === 'accepted')).toBe(true);
    expect(new Set(rows.map((r) => r.copy.originLeadId)).size).toBe(N);
    // The copy in flight at the kill was settled by asking the buyer, not sent again.
    const settled = rows.find((r) => r.copy.id === inFlight.id)!.copy;
    expect(settled.acceptedAttemptId).toBe(inFlight.attempt);
    // Copies given back reached no buyer.
    const given = await db
      .select()
      .from(leads)
      .where(and(eq(leads.coldDistributionId, distributionId), eq(leads.status, 'failed')));
    for (const g of given) expect(g.reasonDetail).toMatch(/distribution takes it again/);
    await kill9();
  });
});
