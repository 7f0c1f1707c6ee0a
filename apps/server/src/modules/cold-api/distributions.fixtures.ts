// Test-only: stored leads, a list and a rule written directly, local buyers on an API offer, and distributions made
// through the API; the runner of the test app sends them (jobs off: create and resume start it at once).
import { randomBytes, randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import {
  coldDistributions,
  coldLeadLists,
  coldListLeads,
  coldRules,
  coldSends,
  leads,
  offers,
} from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { startLeadWorld, type LeadWorld } from '../leads/leads.fixtures.ts';

export const ORIGINAL_PASSWORD = 'Orig1nal-Pass';
const secrets = createSecrets('test-secret-key-0123456789');

/** Polls `check` until it returns a value other than undefined/false, or fails at the deadline. */
export const waitFor = async <T>(check: () => Promise<T | undefined | false>, what: string, ms = 8000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

export const coldWorld = (t: TestApp, w: LeadWorld) => {
  let sourceOffer: string | null = null;
  /** The offer the stored leads first came to (only its id matters). */
  const source = async () => {
    if (!sourceOffer)
      [{ id: sourceOffer }] = await t.db
        .insert(offers)
        .values({ type: 'api', title: `Source ${w.tag}`, vertical: 'crypto', status: 'active' })
        .returning({ id: offers.id });
    return sourceOffer;
  };
  /** Stored leads (user sessions) of affiliate A, failed as most Cold API leads are; each with a fresh email and phone. */
  const storedLeads = async (n: number, over: Partial<typeof leads.$inferInsert> = {}) => {
    const offerId = await source();
    return t.db
      .insert(leads)
      .values(
        Array.from({ length: n }, (_, i) => ({
          offerId,
          affiliateId: w.affA.id,
          firstName: 'Stored',
          lastName: `Lead ${i}`,
          email: `stored-${randomBytes(5).toString('hex')}@example.org`,
          phone: `+49151${randomInt(1_000_000, 9_999_999)}`,
          country: 'DE',
          ip: '46.4.0.7',
          passwordEnc: secrets.encrypt(ORIGINAL_PASSWORD),
          funnel: 'original-funnel',
          status: 'failed',
          reason: 'no_product_available',
          createdAt: new Date(Date.now() - (n - i) * 60_000 - 40 * 86_400_000),
          ...over,
        })),
      )
      .returning();
  };
  const list = async (leadIds: string[]) => {
    const [l] = await t.db
      .insert(coldLeadLists)
      .values({ title: `List ${w.tag}` })
      .returning();
    if (leadIds.length)
      await t.db
        .insert(coldListLeads)
        .values(leadIds.map((leadId) => ({ listId: l.id, leadId, source: 'user_session' })));
    return l.id;
  };
  const addToList = (listId: string, leadIds: string[]) =>
    t.db.insert(coldListLeads).values(leadIds.map((leadId) => ({ listId, leadId, source: 'user_session' })));
  const rule = async (over: Partial<typeof coldRules.$inferInsert> = {}) => {
    const [r] = await t.db
      .insert(coldRules)
      .values({ name: `Rule ${randomBytes(3).toString('hex')}`, maxResends: 5, minDaysBetween: 0, ...over })
      .returning();
    return r.id;
  };
  const body = (o: { list: string; rule: string; offer: string }, over: Record<string, unknown> = {}) => ({
    title: `Re-send ${randomBytes(3).toString('hex')}`,
    list_uuid: o.list,
    rule_uuid: o.rule,
    affiliate_uuid: w.affA.id,
    offer_uuid: o.offer,
    start_date: '2020-01-01',
    time_zone: 'UTC',
    interval_min: 0,
    interval_max: 0,
    daily_limit: null,
    ...over,
  });
  const create = async (
    o: { list: string; rule: string; offer: string },
    over: Record<string, unknown> = {},
    by: Member = w.admin,
  ) => {
    const res = await api(t.app, 'POST', '/api/cold-api/v1/distributions/create', by.token, body(o, over));
    if (res.status !== 200) throw new Error(res.body);
    return res.json.data as { uuid: string; status: string };
  };
  const setStatus = (id: string, status: string, by: Member = w.admin) =>
    api(t.app, 'POST', `/api/cold-api/v1/distributions/${id}/status`, by.token, { status });
  const get = async (id: string, by: Member = w.admin) =>
    (await api(t.app, 'GET', `/api/cold-api/v1/distributions/${id}`, by.token)).json.data;
  const sendsOf = (id: string) =>
    t.db.select().from(coldSends).where(eq(coldSends.distributionId, id)).orderBy(asc(coldSends.createdAt));
  const copiesOf = (id: string) =>
    t.db.select().from(leads).where(eq(leads.coldDistributionId, id)).orderBy(asc(leads.createdAt));
  const rowOf = async (id: string) =>
    (await t.db.select().from(coldDistributions).where(eq(coldDistributions.id, id)))[0];
  /** Settled: every list lead taken and no copy still processing. */
  const settled = (id: string, n: number) =>
    waitFor(async () => {
      const sends = await sendsOf(id);
      const copies = await copiesOf(id);
      return sends.length === n && copies.every((c) => c.status !== 'processing') && sends;
    }, `${n} sends`);
  return { storedLeads, list, addToList, rule, body, create, setStatus, get, sendsOf, copiesOf, rowOf, settled };
};

/** A test file's setup: the lead world (local buyers, API offers) with the cold helpers on it. */
export const startColdWorld = async () => {
  const world = await startLeadWorld();
  return { ...world, c: coldWorld(world.t, world.w) };
};
