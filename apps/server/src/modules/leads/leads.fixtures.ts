// Test-only: an API offer world with real products pointing at local buyers, an affiliate key, and lead senders.
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { createTestWorld, TEST_SECRET_KEY, type TestApp } from '#test/harness.ts';
import { call, randomIp } from '#test/factories.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { connectDb } from '../../db/client.ts';
import type { BuildOptions } from '../../deps.ts';
import { leadAttemptBodies, leadAttempts, leads, products } from '../../db/schema.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { createOfferWorld, makeOffer, offerCalls, type OfferWorld } from '../offers/offers.fixtures.ts';
import { startBuyers, type Buyer } from './buyers.fixtures.ts';

export const BUYER_SECRET = 'sk_buyer_TOP-SECRET-7c1d9e';

/** A json-type template aimed at a local buyer: Bearer credential, success flag, id and autologin, lookup by our id. */
export const templateFor = (
  b: Buyer,
  o: { timeoutMs?: number; nextOn?: string[]; lookup?: boolean; concurrency?: number } = {},
) => ({
  push: {
    method: 'POST',
    url: b.pushUrl,
    headers: { Authorization: 'Bearer {credentials.api_key}' },
    body_format: 'json',
    body: {
      first_name: '{first_name}',
      last_name: '{last_name}',
      email: '{email}',
      phone: '{phone}',
      country: '{country}',
      ip: '{ip}',
      password: '{password}',
      aff_lead_id: '{lead_id}',
      sub1: '{sub1}',
    },
    timeout_ms: o.timeoutMs ?? 5000,
    concurrency: o.concurrency ?? 100,
  },
  answer: {
    success_status: [200, 201],
    success_path: 'success',
    external_id_path: 'lead_id',
    autologin_path: 'autologin_url',
    error_path: 'error',
    ...(o.nextOn && { next_on: o.nextOn }),
  },
  lookup:
    o.lookup === false
      ? null
      : {
          method: 'GET',
          url: b.lookupUrl,
          headers: { Authorization: 'Bearer {credentials.api_key}' },
          found_path: 'lead_id',
          external_id_path: 'lead_id',
          autologin_path: 'autologin_url',
        },
  pull: { enabled: false, call: { method: 'GET', url: `${b.pushUrl}/statuses` } },
});

export type ProductLink = {
  product_uuid: string;
  priority?: number;
  weight?: number;
  geos?: string[];
  caps?: {
    daily: number | null;
    total: number | null;
    per_geo: { geo: string; daily: number | null; total: number | null }[];
  };
  working_hours?: { time_zone: string; days: { day: number; from: string; to: string }[] } | null;
};

export const createLeadWorld = async (t: TestApp) => {
  const w: OfferWorld = await createOfferWorld(t.db);
  const calls = offerCalls(t.app);
  const keyOf = async (m: Member) => {
    const res = await api(t.app, 'POST', '/api/account/v1/api-keys', m.token, { name: 'integration' });
    if (res.status !== 200) throw new Error(res.body);
    return res.json.data.key as string;
  };
  const keyA = await keyOf(w.affA);

  /** A product through the advertiser API, then marked tested (as a passed integration test would). */
  const product = async (
    b: Buyer,
    o: Parameters<typeof templateFor>[1] & { geos?: string[]; tested?: boolean; status?: string } = {},
  ) => {
    const res = await api(t.app, 'POST', `/api/advertisers/v1/${w.advA.id}/products`, w.admin.token, {
      name: b.name,
      integration_type: 'json',
      credentials: { api_key: BUYER_SECRET },
      geos: o.geos ?? [],
      status: o.status ?? 'active',
      integration: templateFor(b, o),
    });
    if (res.status !== 200) throw new Error(res.body);
    const id = res.json.data.uuid as string;
    if (o.tested !== false)
      await t.db
        .update(products)
        .set({ testedAt: sql`now()` })
        .where(eq(products.id, id));
    return id;
  };

  /** An active public API offer (DE, AT, FR) with these products attached. */
  const offer = async (links: ProductLink[], form: Record<string, unknown> = {}, status?: string) => {
    const made = await makeOffer(t.app, w, {
      form: {
        type: 'api',
        title: `Leads ${w.tag}`,
        advertiser_uuid: null,
        tracking_url: null,
        geos: ['DE', 'AT', 'FR'],
        ...form,
      },
      status,
    });
    const res = await calls.section(w.admin, made.uuid, 'products', { products: links });
    if (res.status !== 200) throw new Error(res.body);
    return made;
  };
  return { ...w, calls, keyOf, keyA, product, offer };
};
export type LeadWorld = Awaited<ReturnType<typeof createLeadWorld>>;

/**
 * A test file's setup on local buyers: the buyers, a test app that may call them on loopback, and the world `build`
 * makes on it; `stop` closes both. `jobs` as createTestApp's (off unless a test needs the workers).
 */
export const startWorldWithBuyers = async <W>(build: (t: TestApp) => Promise<W>, jobs?: BuildOptions['jobs']) => {
  const buyers = await startBuyers();
  try {
    const { t, w } = await createTestWorld(build, { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true' }, jobs);
    return {
      t,
      w,
      buyers,
      stop: async () => {
        await t.close();
        await buyers.close();
      },
    };
  } catch (err) {
    await buyers.close();
    throw err;
  }
};

/** A lead test file's setup: the lead world on local buyers. */
export const startLeadWorld = (jobs?: BuildOptions['jobs']) => startWorldWithBuyers(createLeadWorld, jobs);

/** A lead's attempts in waterfall order with their stored request and answer (null when none or gone), and the lead's row. */
export const attemptsOf = (t: TestApp, leadId: string) =>
  t.db
    .select({
      ...getTableColumns(leadAttempts),
      request: leadAttemptBodies.request,
      response: leadAttemptBodies.response,
    })
    .from(leadAttempts)
    .leftJoin(
      leadAttemptBodies,
      and(eq(leadAttemptBodies.attemptId, leadAttempts.id), eq(leadAttemptBodies.createdAt, leadAttempts.createdAt)),
    )
    .where(eq(leadAttempts.leadId, leadId))
    .orderBy(asc(leadAttempts.position));
export const leadRowOf = async (t: TestApp, id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];

/** A valid lead with a fresh email and German phone, so de-duplication never joins unrelated cases. */
export const leadBody = (offerId: number, over: Record<string, unknown> = {}) => ({
  offer_id: offerId,
  first_name: 'Anna',
  last_name: 'Schmidt',
  email: `anna-${randomBytes(5).toString('hex')}@example.org`,
  phone: `+49151${randomInt(1_000_000, 9_999_999)}`,
  country: 'DE',
  ip: '46.4.0.1',
  ...over,
});

export type Sent = {
  status: number;
  body: string;
  json: { status: string; data: any; error: Record<string, string> | null };
  headers: Record<string, unknown>;
};

export const sendLead = async (
  t: TestApp,
  key: string | null,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Sent> => {
  const res = await call(t.app, 'POST', '/api/lead/v1/create', {
    payload,
    headers: { ...(key ? { 'x-api-key': key } : {}), ...headers },
    ip: randomIp(),
  });
  return { status: res.statusCode, body: res.body, json: res.json(), headers: res.headers };
};

/**
 * Another app on the database of `db` with a pool of its own: what a second server process sees (its own memory,
 * its own connections), in this process. Jobs off, as createTestApp's.
 */
export const appOnSameDatabase = async (db: TestApp['db'], env: Record<string, string> = {}): Promise<TestApp> => {
  const url = (db.$client.options as { connectionString: string }).connectionString;
  const own = connectDb(url, 5);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, ...env });
  const { app, services } = await buildApp({
    db: own,
    config,
    distDir: '/nonexistent',
    secretKey: TEST_SECRET_KEY,
    jobs: { start: false },
  });
  await app.ready();
  return {
    app,
    services,
    db: own,
    hotDb: own,
    smtp: null,
    sentMails: async () => [],
    close: async () => {
      await app.close();
      await own.$client.end();
    },
  };
};
