// Test-only: a network with partners on both managers, offer forms, and traffic rows written straight into the tables.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clicks, conversions, landings, leads, products } from '../../db/schema.ts';
import { api, createStaffWorld, type Member } from '../managers/staff.fixtures.ts';
import { createTestWorld } from '#test/harness.ts';

/** The staff world plus an affiliate and an advertiser for each manager. */
export const createOfferWorld = async (db: Db) => {
  const w = await createStaffWorld(db);
  return {
    ...w,
    affA: await w.member({ role: 'affiliate', managerId: w.managerA.id }),
    affB: await w.member({ role: 'affiliate', managerId: w.managerB.id }),
    advA: await w.member({ role: 'advertiser', managerId: w.managerA.id, company: `Adv A ${w.tag}` }),
    advB: await w.member({ role: 'advertiser', managerId: w.managerB.id, company: `Adv B ${w.tag}` }),
  };
};
export type OfferWorld = Awaited<ReturnType<typeof createOfferWorld>>;

/** A test file's setup: a test app with an offer world on it, and the offer calls on that app. */
export const startOfferWorld = async () => {
  const { t, w } = await createTestWorld((app) => createOfferWorld(app.db));
  return { t, w, calls: offerCalls(t.app) };
};

/** Revenue figures no payout ever equals, so a raw-body search for them finds only leaks. */
export const REVENUE = { registration: 4_321_987, de: 5_432_198, ftd: 9_876_543 } as const;
export const SECRET_NOTE = 'internal-note-zq81';

export const directLinkForm = (w: OfferWorld, over: Record<string, unknown> = {}) => ({
  type: 'direct_link',
  title: `Casino ${w.tag}`,
  vertical: 'gambling',
  privacy: 'public',
  advertiser_uuid: w.advA.id,
  currency: 'EUR',
  description: 'Spin and win',
  traffic_sources: ['facebook', 'push'],
  geos: ['DE', 'FR'],
  tracking_url: 'https://adv.example/go?cid={click_id}&s={sub1}',
  preview_url: 'https://adv.example/preview',
  notes: SECRET_NOTE,
  ...over,
});

/** Registration with a German rate, and an FTD goal. */
export const goalsForm = (over: Record<string, unknown> = {}) => ({
  hold_days: 7,
  goals: [
    {
      goal: 'registration',
      payment_type: 'cpa',
      revenue: REVENUE.registration,
      payout: 1000,
      geo_rates: [{ geo: 'DE', revenue: REVENUE.de, payout: 1500 }],
    },
    { goal: 'ftd', payment_type: 'cpa', revenue: REVENUE.ftd, payout: 3000 },
  ],
  overrides: [],
  ...over,
});

/** Thin wrappers over the staff endpoints; each returns status, raw body and JSON. */
export const offerCalls = (app: FastifyInstance) => ({
  create: (m: Member, body: Record<string, unknown>) => api(app, 'POST', '/api/offers/v1/create', m.token, body),
  update: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'PUT', `/api/offers/v1/${uuid}`, m.token, body),
  get: (m: Member, uuid: string) => api(app, 'GET', `/api/offers/v1/${uuid}`, m.token),
  section: (m: Member, uuid: string, name: string, body: Record<string, unknown>) =>
    api(app, 'PUT', `/api/offers/v1/${uuid}/${name}`, m.token, body),
  status: (m: Member, uuid: string, status: string) =>
    api(app, 'POST', `/api/offers/v1/${uuid}/status`, m.token, { status }),
  duplicate: (m: Member, uuid: string) => api(app, 'POST', `/api/offers/v1/${uuid}/duplicate`, m.token),
  link: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'POST', `/api/offers/v1/${uuid}/tracking-link`, m.token, body),
  requests: (m: Member, uuid: string, query = '') =>
    api(app, 'GET', `/api/offers/v1/${uuid}/access-requests${query}`, m.token),
  decide: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'POST', `/api/offers/v1/access-requests/${uuid}/decision`, m.token, body),
});

export const portalCalls = (app: FastifyInstance) => ({
  list: (m: Member, query = '') => api(app, 'GET', `/api/offers/v1/portal/list${query}`, m.token),
  get: (m: Member, id: number) => api(app, 'GET', `/api/offers/v1/portal/${id}`, m.token),
  link: (m: Member, id: number, body: Record<string, unknown> = {}) =>
    api(app, 'POST', `/api/offers/v1/portal/${id}/tracking-link`, m.token, body),
  request: (m: Member, id: number, message = '') =>
    api(app, 'POST', `/api/offers/v1/portal/${id}/access-request`, m.token, { message }),
});

const ok = <T extends { status: number; body: string }>(res: T) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.body}`);
  return res;
};

/** An offer through the API with goals, then the wanted status (active by default). */
export const makeOffer = async (
  app: FastifyInstance,
  w: OfferWorld,
  opts: { form?: Record<string, unknown>; goals?: Record<string, unknown>; status?: string; by?: Member } = {},
) => {
  const calls = offerCalls(app);
  const by = opts.by ?? w.admin;
  const created = ok(await calls.create(by, directLinkForm(w, opts.form))).json.data;
  ok(await calls.section(by, created.uuid, 'goals', goalsForm(opts.goals)));
  const status = opts.status ?? 'active';
  if (status !== 'not_active') ok(await calls.status(by, created.uuid, status));
  return { uuid: created.uuid as string, id: created.id as number };
};

export const insertLanding = async (db: Db, over: Partial<typeof landings.$inferInsert> = {}) => {
  const [row] = await db
    .insert(landings)
    .values({ name: `Page ${randomUUID().slice(0, 6)}`, url: 'https://lp.example/p', status: 'active', ...over })
    .returning();
  return row;
};

export const insertProduct = async (db: Db, advertiserId: string, over: Partial<typeof products.$inferInsert> = {}) => {
  const [row] = await db
    .insert(products)
    .values({
      advertiserId,
      name: `Product ${randomUUID().slice(0, 6)}`,
      integrationType: 'generic',
      status: 'active',
      ...over,
    })
    .returning();
  return row;
};

type ClickRow = Partial<typeof clicks.$inferInsert>;
export const insertClicks = (db: Db, offerId: string, affiliateId: string, n: number, over: ClickRow = {}) =>
  db
    .insert(clicks)
    .values(Array.from({ length: n }, () => ({ id: randomUUID(), offerId, affiliateId, country: 'DE', ...over })));

export const insertConversion = (
  db: Db,
  offerId: string,
  affiliateId: string,
  over: Partial<typeof conversions.$inferInsert> = {},
) =>
  db.insert(conversions).values({
    offerId,
    affiliateId,
    goal: 'registration',
    currency: 'EUR',
    payout: 1000,
    revenue: REVENUE.registration,
    ...over,
  });

export const insertLead = (
  db: Db,
  offerId: string,
  affiliateId: string,
  over: Partial<typeof leads.$inferInsert> = {},
) => db.insert(leads).values({ offerId, affiliateId, ...over });
