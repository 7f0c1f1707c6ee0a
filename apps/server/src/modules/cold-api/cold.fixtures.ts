// Test-only: the Cold API world (stored leads of every status in and out of a team lead's scope, a conversion with its
// lead) and the Cold API calls, shared by the lists, rules and distributions tests.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { coldDistributions, coldRules, coldSends, conversions, leads, offerProducts } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { TEST_SECRET_KEY, type TestApp } from '#test/harness.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { insertProduct } from '../offers/offers.fixtures.ts';
import { insertOffer } from '../statistic-logs/statistic-logs.fixtures.ts';
import { createLeadWorld, startWorldWithBuyers } from '../leads/leads.fixtures.ts';

/** The day (UTC) the world's stored leads and conversions were made on. */
export const COLD_DAY = '2026-03-10';
/** The password every stored lead was sent with (stored encrypted, as the lead API stores it). */
export const STORED_PASSWORD = 'Stored-pass-2026';

type LeadRow = typeof leads.$inferSelect;
type LeadInsert = Partial<typeof leads.$inferInsert>;
type ConversionInsert = Partial<typeof conversions.$inferInsert>;

const secrets = createSecrets(TEST_SECRET_KEY);
const unique = () => randomBytes(4).toString('hex');

/**
 * The lead world (admin, head, team lead `lead` with managerA; affA under managerA = in the team lead's scope, affB
 * under managerB = out of it; `offer()` and `product()` for buyer-backed API offers) plus `source`: an API offer of
 * advA with products P and Q (no integration: they never get called) holding the stored leads:
 * - affA: `accepted` (P, DE, female, desktop/windows, interested), `ftd` (Q, DE, male, is_ftd, call status ftd),
 *   `failed` (no buyer took it: no_product_available, AT, mobile/android), `rejected` (failed as a duplicate, FR),
 *   `unknown` (P, FR, other), `test` (a test lead: never a stored lead);
 * - affB: `outside` (P, DE, accepted).
 * Conversions: `accepted` lead → registration approved; `ftd` lead → ftd pending; `outside` lead → registration approved.
 */
export const createColdWorld = async (t: TestApp) => {
  const w = await createLeadWorld(t);
  const db = t.db;
  const source = await insertOffer(db, 'api', w.advA.id, `Stored leads ${w.tag}`);
  const productP = await insertProduct(db, w.advA.id, { name: `Buyer P ${w.tag}` });
  const productQ = await insertProduct(db, w.advA.id, { name: `Buyer Q ${w.tag}` });
  await db.insert(offerProducts).values([
    { offerId: source.id, productId: productP.id },
    { offerId: source.id, productId: productQ.id },
  ]);

  /** A stored lead of the affiliate on `source` (unless `over` says otherwise), made at noon UTC of COLD_DAY. */
  const addLead = async (affiliateId: string, over: LeadInsert = {}): Promise<LeadRow> =>
    (
      await db
        .insert(leads)
        .values({
          offerId: source.id,
          affiliateId,
          createdAt: new Date(`${COLD_DAY}T12:00:00Z`),
          firstName: 'Anna',
          lastName: 'Schmidt',
          email: `anna-${unique()}@example.org`,
          phone: `+49151${randomInt(1_000_000, 9_999_999)}`,
          ip: '46.4.0.1',
          country: 'DE',
          language: 'de',
          passwordEnc: secrets.encrypt(STORED_PASSWORD),
          status: 'accepted',
          ...over,
        })
        .returning()
    )[0];

  /** A conversion of the lead (its offer and affiliate), registration and approved unless `over` says otherwise. */
  const addConversion = async (lead: LeadRow, over: ConversionInsert = {}) =>
    (
      await db
        .insert(conversions)
        .values({
          offerId: lead.offerId,
          affiliateId: lead.affiliateId,
          leadId: lead.id,
          productId: lead.productId,
          createdAt: new Date(`${COLD_DAY}T15:00:00Z`),
          goal: 'registration',
          status: 'approved',
          currency: 'EUR',
          payout: 1000,
          revenue: 2000,
          country: lead.country,
          ...over,
        })
        .returning()
    )[0];

  const storedLeads = {
    accepted: await addLead(w.affA.id, {
      productId: productP.id,
      gender: 'female',
      device: 'desktop',
      os: 'windows',
      callStatus: 'interested',
    }),
    ftd: await addLead(w.affA.id, {
      productId: productQ.id,
      gender: 'male',
      device: 'desktop',
      os: 'mac-os',
      callStatus: 'ftd',
      isFtd: true,
      ftdAt: new Date(`${COLD_DAY}T18:00:00Z`),
    }),
    failed: await addLead(w.affA.id, {
      status: 'failed',
      reason: 'no_product_available',
      country: 'AT',
      phone: `+43660${randomInt(1_000_000, 9_999_999)}`,
      device: 'mobile',
      os: 'android',
    }),
    rejected: await addLead(w.affA.id, { status: 'failed', reason: 'duplicate', country: 'FR' }),
    unknown: await addLead(w.affA.id, { status: 'unknown', productId: productP.id, country: 'FR', gender: 'other' }),
    test: await addLead(w.affA.id, { isTest: true, productId: productP.id }),
    outside: await addLead(w.affB.id, { productId: productP.id }),
  };
  const storedConversions = {
    accepted: await addConversion(storedLeads.accepted),
    ftd: await addConversion(storedLeads.ftd, { goal: 'ftd', status: 'pending' }),
    outside: await addConversion(storedLeads.outside),
  };
  return {
    ...w,
    source,
    productP,
    productQ,
    stored: storedLeads,
    conversions: storedConversions,
    addLead,
    addConversion,
  };
};
export type ColdWorld = Awaited<ReturnType<typeof createColdWorld>>;

/** A Cold API test file's setup: the cold world on local buyers (for distributions that really send). */
export const startColdWorld = (jobs?: BuildOptions['jobs']) => startWorldWithBuyers(createColdWorld, jobs);

export const ruleForm = (over: Record<string, unknown> = {}) => ({
  name: `Rule ${unique()}`,
  max_resends: 3,
  min_days_between: 0,
  never_same_product: true,
  skip_ftd: true,
  geos: [],
  send_original_ip: true,
  regenerate_password: false,
  ...over,
});

const LISTS = '/api/cold-api/v1/lead-lists';
const RULES = '/api/cold-api/v1/rules';
const DISTRIBUTIONS = '/api/cold-api/v1/distributions';
const qs = (query: Record<string, string | number | boolean> | string = '') =>
  typeof query === 'string'
    ? query
    : `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
type Query = Record<string, string | number | boolean> | string;

/** Thin wrappers over the Cold API; each returns status, raw body and JSON. Queries as an object or a "?a=b" string. */
export const coldCalls = (app: FastifyInstance) => ({
  createList: (m: Member, body: Record<string, unknown> = { title: `List ${unique()}` }) =>
    api(app, 'POST', `${LISTS}/create`, m.token, body),
  lists: (m: Member, query: Query = '') => api(app, 'GET', `${LISTS}/list${qs(query)}`, m.token),
  getList: (m: Member, uuid: string) => api(app, 'GET', `${LISTS}/${uuid}`, m.token),
  updateList: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'PUT', `${LISTS}/${uuid}`, m.token, body),
  removeList: (m: Member, uuid: string) => api(app, 'DELETE', `${LISTS}/${uuid}`, m.token),
  search: (m: Member, query: Query = '') => api(app, 'GET', `${LISTS}/search${qs(query)}`, m.token),
  add: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'POST', `${LISTS}/${uuid}/add`, m.token, body),
  listLeads: (m: Member, uuid: string, query: Query = '') =>
    api(app, 'GET', `${LISTS}/${uuid}/leads${qs(query)}`, m.token),
  removeLeads: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'POST', `${LISTS}/${uuid}/remove`, m.token, body),
  createRule: (m: Member, over: Record<string, unknown> = {}) =>
    api(app, 'POST', `${RULES}/create`, m.token, ruleForm(over)),
  rules: (m: Member, query: Query = '') => api(app, 'GET', `${RULES}/list${qs(query)}`, m.token),
  getRule: (m: Member, uuid: string) => api(app, 'GET', `${RULES}/${uuid}`, m.token),
  updateRule: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'PUT', `${RULES}/${uuid}`, m.token, body),
  removeRule: (m: Member, uuid: string) => api(app, 'DELETE', `${RULES}/${uuid}`, m.token),
  distributions: (m: Member, query: Query = '') => api(app, 'GET', `${DISTRIBUTIONS}/list${qs(query)}`, m.token),
});

const ok = <T extends { status: number; body: string; json: { data: any } }>(res: T) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.body}`);
  return res.json.data;
};

/** A list through the API with these leads added at once (ticked); returns its uuid. */
export const makeList = async (
  app: FastifyInstance,
  by: Member,
  leadIds: string[] = [],
  source: 'user_session' | 'conversion' = 'user_session',
) => {
  const calls = coldCalls(app);
  const list = ok(await calls.createList(by, { title: `List ${unique()}`, source }));
  if (leadIds.length) ok(await calls.add(by, list.uuid, { source, lead_uuids: leadIds }));
  return list.uuid as string;
};

/** A rule through the API; returns its uuid. */
export const makeRule = async (app: FastifyInstance, by: Member, over: Record<string, unknown> = {}) =>
  ok(await coldCalls(app).createRule(by, over)).uuid as string;

/**
 * A distribution row written straight into the table (no runner starts for it): for tests of lists and rules that
 * only need one to exist, and for send rows. Paused unless `over` says otherwise.
 */
export const insertDistribution = async (
  db: Db,
  v: { listId: string; ruleId: string; affiliateId: string; offerId: string },
  over: Partial<typeof coldDistributions.$inferInsert> = {},
) =>
  (
    await db
      .insert(coldDistributions)
      .values({
        title: `Distribution ${unique()}`,
        startDate: COLD_DAY,
        timeZone: 'UTC',
        intervalMin: 60,
        intervalMax: 120,
        status: 'paused',
        ...v,
        ...over,
      })
      .returning()
  )[0];

/** A rule row straight into the table. */
export const insertRule = async (db: Db, over: Partial<typeof coldRules.$inferInsert> = {}) =>
  (
    await db
      .insert(coldRules)
      .values({ name: `Rule ${unique()}`, maxResends: 3, ...over })
      .returning()
  )[0];

/**
 * A re-send of a stored lead as a distribution makes it: a copy (a new user session of the distribution's affiliate
 * with origin_lead_id) and its cold_sends row. `copy` sets the copy's status, product, reason; `skip` makes a skip row
 * without a copy instead.
 */
export const insertSend = async (
  db: Db,
  d: { id: string; affiliateId: string; offerId: string },
  origin: LeadRow,
  o: { copy?: LeadInsert; skip?: string; at?: Date } = {},
) => {
  const at = o.at ?? new Date();
  const copy = o.skip
    ? null
    : (
        await db
          .insert(leads)
          .values({
            offerId: d.offerId,
            affiliateId: d.affiliateId,
            createdAt: at,
            firstName: origin.firstName,
            lastName: origin.lastName,
            email: origin.email,
            phone: origin.phone,
            ip: origin.ip,
            country: origin.country,
            passwordEnc: origin.passwordEnc,
            status: 'processing',
            originLeadId: origin.id,
            coldDistributionId: d.id,
            ...o.copy,
          })
          .returning()
      )[0];
  const [send] = await db
    .insert(coldSends)
    .values({
      distributionId: d.id,
      originLeadId: origin.id,
      sessionId: copy?.id ?? null,
      skipReason: o.skip ?? null,
      createdAt: at,
    })
    .returning();
  return { send, copy };
};
