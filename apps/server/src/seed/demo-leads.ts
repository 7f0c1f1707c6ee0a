import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  COUNTRY_CODE_PHONE,
  resolveFraudSettings,
  type FraudReason,
  integrationTemplateSchema,
  INTEGRATION_TEMPLATES,
  sandboxRulesSchema,
} from '@pxl/contract';
import type { Db } from '../db/client.ts';
import {
  conversions,
  leadAttemptBodies,
  leadAttempts,
  leads,
  leadStatusHistory,
  offerProducts,
  offers,
  products,
  type StoredFraudReason,
} from '../db/schema.ts';
import { duplicateContactReason, getFraudSettings, verdictOf } from '../modules/fraud/index.ts';
import { DEMO_FRAUD } from './demo-traffic-fraud.ts';
import { unnestInsert } from '../db/unnest-insert.ts';
import type { Secrets } from '../lib/secrets.ts';
import { createRng, type Rng } from './demo-traffic-random.ts';

// The lead-distribution demo: two API offers buy through three sandbox products each, and the leads of the demo traffic get
// the people, send attempts and call-status histories a live network would have.

const BUYERS: Record<string, { advertiser: string; rules: Record<string, unknown>[] }> = {
  'Crypto leads EU — API': {
    advertiser: 'advertiser',
    rules: [
      { accept_countries: ['DE', 'AT'], ftd_percent: 35, status_step_seconds: 120 },
      { reject_email_contains: 'test', ftd_percent: 25, status_step_seconds: 300 },
      { errors_as_200: true, ftd_percent: 20, status_step_seconds: 600 },
    ],
  },
  'Casino leads CA — API': {
    advertiser: 'advertiser',
    rules: [
      { ftd_percent: 30, status_step_seconds: 120 },
      { errors_as_200: true, ftd_percent: 20, status_step_seconds: 300 },
      { delay_ms: 300, ftd_percent: 15, status_step_seconds: 600 },
    ],
  },
};

/**
 * Three sandbox products per offer, linked first in its waterfall (70/30 at priority 1, a fallback at 2). With the
 * server's key they get an api_key credential and count as tested, so the demo's lead API works at once; without
 * one (tests) they stay untested and are never routed to.
 */
export const seedSandboxBuyers = async (db: Db, ids: Map<string, string>, secrets?: Secrets) => {
  for (const [title, buyer] of Object.entries(BUYERS)) {
    const [offer] = await db.select().from(offers).where(eq(offers.title, title)).limit(1);
    if (!offer) continue;
    for (const [k, rules] of buyer.rules.entries()) {
      const name = `Sandbox ${title.replace(' — API', '')} ${'ABC'[k]}`;
      const advertiserId = ids.get(buyer.advertiser)!;
      if (
        (
          await db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.advertiserId, advertiserId), eq(products.name, name)))
            .limit(1)
        ).length
      )
        continue;
      const key = secrets
        ? {
            credentialsEnc: secrets.encrypt(JSON.stringify({ api_key: `sbx_${randomBytes(12).toString('hex')}` })),
            credentialKeys: ['api_key'],
            testedAt: new Date(),
          }
        : {};
      const [product] = await db
        .insert(products)
        .values({
          advertiserId,
          name,
          integrationType: 'sandbox',
          paymentType: 'cpa',
          geos: offer.geos,
          status: 'active',
          revenue: offer.geos.map((geo) => ({ geo, amount: 60_000 + k * 5_000, currency: offer.currency })),
          integration: integrationTemplateSchema.parse(INTEGRATION_TEMPLATES.sandbox),
          sandboxRules: sandboxRulesSchema.parse(rules),
          ...key,
        })
        .returning();
      await db.insert(offerProducts).values({
        offerId: offer.id,
        productId: product.id,
        priority: k < 2 ? 1 : 2,
        weight: k === 0 ? 70 : 30,
        position: -3 + k,
      });
    }
  }
};

const FIRST = [
  'Anna',
  'Lukas',
  'Sofia',
  'Jonas',
  'Emma',
  'Noah',
  'Mia',
  'Felix',
  'Lena',
  'Paul',
  'Olivia',
  'Liam',
  'Marta',
  'Jakub',
  'Chloe',
  'Ethan',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Kowalski',
  'Nowak',
  'Bauer',
  'Wagner',
  'Smith',
  'Tremblay',
  'Roy',
  'Martin',
  'Jansen',
  'de Vries',
  'Huber',
  'Gagnon',
];
const REFUSALS = [
  'Country not accepted',
  'Duplicate lead: this email is already registered',
  'Phone number is not valid',
  'Outside working hours',
];
const DAY = 86_400_000;
const HOUR = 3_600_000;

type Seeded = {
  id: string;
  offerId: string;
  productId: string | null;
  country: string | null;
  createdAt: Date;
  ip: string | null;
  fraudReasons: StoredFraudReason[] | null;
};
type Sent = { offerId: string; at: number; country: string; email: string; phone: string };
type Ftd = { leadId: string; createdAt: Date };

/** Call statuses a lead of this age has been through; an FTD conversion makes the last one ftd at its time. */
const callPath = (rng: Rng, created: number, now: number, ftdAt: number | null) => {
  const at = (after: number, spread: number) => Math.min(now, after + rng.int(HOUR / 4, spread));
  const steps: { to: string; at: number }[] = [{ to: 'new', at: created }];
  const first = at(created, 8 * HOUR);
  if (ftdAt !== null)
    return [
      ...steps,
      { to: rng.chance(0.5) ? 'no_answer' : 'call_back', at: Math.min(first, ftdAt) },
      { to: 'interested', at: Math.min(at(first, DAY), ftdAt) },
      { to: 'ftd', at: ftdAt },
    ];
  if (now - created < 2 * HOUR) return steps;
  steps.push({ to: rng.pick(['no_answer', 'call_back', 'no_answer']), at: first });
  if (now - created < 2 * DAY) return steps;
  const end = rng.pick(['interested', 'not_interested', 'wrong_number', 'invalid', 'not_interested']);
  steps.push({ to: end, at: at(first, 3 * DAY) });
  // Now and then a buyer takes back an "interested": the panel flags it for review.
  if (end === 'interested' && rng.chance(0.08)) steps.push({ to: 'invalid', at: at(steps[2].at, 4 * DAY) });
  return steps;
};

const exchange = (rng: Rng, person: Record<string, string>, ok: boolean, extId: string) => ({
  request: {
    method: 'POST',
    url: 'https://crm.buyer.example/api/v1/leads',
    headers: { Authorization: 'Bearer ••••', 'content-type': 'application/json' },
    body: JSON.stringify(person),
  },
  response: ok
    ? {
        status_code: 200,
        body: JSON.stringify({
          success: true,
          lead_id: extId,
          autologin_url: `https://crm.buyer.example/autologin/${extId}`,
        }),
        duration_ms: rng.int(90, 900),
        error: null,
      }
    : {
        status_code: rng.chance(0.5) ? 200 : 400,
        body: JSON.stringify({ success: false, error: rng.pick(REFUSALS) }),
        duration_ms: rng.int(60, 600),
        error: null,
      },
});

/**
 * duplicate_contact (docs/product/fraud.md, "In the demo"): a few leads without conversions carry the e-mail, or the
 * phone of the same country, of a lead sent to another offer in the last days, as a recycled-leads seller's would.
 * Its own random stream, so the people of the other leads stay the same.
 */
const recycler = async (db: Db, seed: number) => {
  const rng = createRng(seed);
  const recent: Sent[] = [];
  const network = await getFraudSettings(db);
  const own = new Map(
    (await db.select({ id: offers.id, own: offers.fraudSettings }).from(offers)).map((o) => [o.id, o.own]),
  );
  type Person = { country: string; email: string; phone: string };
  const keep = (l: Seeded, p: Person) => {
    recent.push({ offerId: l.offerId, at: l.createdAt.getTime(), country: p.country, email: p.email, phone: p.phone });
    if (recent.length > 300) recent.shift();
    return null;
  };
  /** The lead's new verdict when its contact was recycled (the person changed in place), else null. */
  const maybe = (l: Seeded, p: Person) => {
    const created = l.createdAt.getTime();
    const earlier = recent.filter((r) => r.offerId !== l.offerId && r.at < created && created - r.at < 20 * DAY);
    if (!earlier.length || !rng.chance(DEMO_FRAUD.duplicate)) return keep(l, p);
    const from = rng.pick(earlier);
    const phone = from.country === p.country && rng.chance(0.5);
    if (phone) p.phone = from.phone;
    else p.email = from.email;
    const s = resolveFraudSettings(network, own.get(l.offerId) as Parameters<typeof resolveFraudSettings>[1]);
    const dup = duplicateContactReason({ email: phone ? 0 : 1, phone: phone ? 1 : 0 }, s.thresholds, s.weights);
    return verdictOf(l.fraudReasons as FraudReason[] | null, dup && [dup]);
  };
  return { keep, maybe };
};

/**
 * Gives the demo traffic's leads (stored bare by the click seed) a person, the attempts that sent them, and their
 * call-status history: accepted when a product took them, failed otherwise; an FTD conversion means an FTD call status.
 */
export const enrichDemoLeads = async (db: Db, now = Date.now(), seed = 7) => {
  const bare: Seeded[] = await db
    .select({
      id: leads.id,
      offerId: leads.offerId,
      productId: leads.productId,
      country: leads.country,
      createdAt: leads.createdAt,
      ip: leads.ip,
      fraudReasons: leads.fraudReasons,
    })
    .from(leads)
    .where(and(isNull(leads.email), eq(leads.status, 'processing')));
  if (!bare.length) return 0;
  const rng = createRng(seed);
  const recycle = await recycler(db, seed + 1);

  const converted: (Ftd & { goal: string })[] = await db
    .select({ leadId: sql<string>`${conversions.leadId}`, createdAt: conversions.createdAt, goal: conversions.goal })
    .from(conversions)
    .where(
      inArray(
        conversions.leadId,
        bare.map((l) => l.id),
      ),
    );
  const ftdAt = new Map(converted.filter((c) => c.goal === 'ftd').map((f) => [f.leadId, f.createdAt.getTime()]));
  const hasConversion = new Set(converted.map((c) => c.leadId));
  const links = await db
    .select({ offerId: offerProducts.offerId, productId: offerProducts.productId })
    .from(offerProducts);
  const buyersOf = (offerId: string) => links.filter((l) => l.offerId === offerId).map((l) => l.productId);
  const updates: Record<string, unknown>[] = [];
  const attempts: (typeof leadAttempts.$inferInsert)[] = [];
  const bodies: (typeof leadAttemptBodies.$inferInsert)[] = [];
  const history: (typeof leadStatusHistory.$inferInsert)[] = [];
  for (const [n, l] of bare.entries()) {
    const [first, last] = [rng.pick(FIRST), rng.pick(LAST)];
    const country = l.country ?? 'DE';
    const person = {
      first_name: first,
      last_name: last,
      email: `${first}.${last.replace(/\W/g, '')}.${n}@example.${rng.pick(['com', 'net', 'org'])}`.toLowerCase(),
      phone: `+${COUNTRY_CODE_PHONE[country] ?? '49'}${rng.int(100_000_000, 999_999_999)}`,
      country,
      ip: l.ip ?? `46.4.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    };
    const created = l.createdAt.getTime();
    const verdict = hasConversion.has(l.id) ? recycle.keep(l, person) : recycle.maybe(l, person);
    // Some leads found no buyer (they feed the Cold API); never one that converted.
    const productId = l.productId && (hasConversion.has(l.id) || !rng.chance(0.15)) ? l.productId : null;
    const others = buyersOf(l.offerId).filter((p) => p !== productId);
    let position = 0;
    const attempt = (productId: string, ok: boolean) => {
      const id = randomUUID();
      const extId = `ext-${id.slice(0, 8)}`;
      const ex = exchange(rng, { ...person, aff_lead_id: id }, ok, extId);
      const createdAt = new Date(created + position * 700);
      attempts.push({
        id,
        leadId: l.id,
        productId,
        createdAt,
        position: position++,
        result: ok ? 'accepted' : 'rejected',
        durationMs: ex.response.duration_ms,
        called: true,
        externalId: ok ? extId : null,
        autologinUrl: ok ? `https://crm.buyer.example/autologin/${extId}` : null,
        message: ok ? '' : JSON.parse(ex.response.body).error,
      });
      bodies.push({ attemptId: id, createdAt, request: ex.request, response: ex.response });
      return { id, extId };
    };
    if (others.length && rng.chance(productId ? 0.3 : 1)) attempt(rng.pick(others), false);
    if (!productId && l.productId) attempt(l.productId, false);
    const won = productId ? attempt(productId, true) : null;
    const steps = won ? callPath(rng, created, now, ftdAt.get(l.id) ?? null) : [];
    const backwards = (i: number) => i > 0 && steps[i - 1].to === 'interested' && steps[i].to === 'invalid';
    steps.forEach((s, i) => {
      history.push({
        leadId: l.id,
        createdAt: new Date(s.at),
        fromStatus: i ? steps[i - 1].to : null,
        toStatus: s.to,
        rawStatus: s.to,
        isFtd: s.to === 'ftd',
        source: 'pull',
        backwards: backwards(i),
      });
    });
    const lastStep = steps.at(-1);
    updates.push({
      id: l.id,
      ...person,
      product_id: productId,
      status: won ? 'accepted' : 'failed',
      reason: won ? null : 'no_product_available',
      reason_detail: won ? null : 'Buyers tried: 1 refused',
      accepted_attempt_id: won?.id ?? null,
      external_id: won?.extId ?? null,
      autologin_url: won ? `https://crm.buyer.example/autologin/${won.extId}` : null,
      call_status: lastStep?.to ?? null,
      is_ftd: lastStep?.to === 'ftd',
      ftd_at: lastStep?.to === 'ftd' ? new Date(lastStep.at).toISOString() : null,
      needs_review: steps.some((_, i) => backwards(i)),
      updated_at: new Date(lastStep?.at ?? created).toISOString(),
      fraud_score: verdict?.fraud_score ?? null,
      fraud_reasons: verdict ? JSON.stringify(verdict.fraud_reasons) : null,
    });
  }
  await db.transaction(async (tx) => {
    const col = (k: string) => sql.param(updates.map((u) => u[k] ?? null));
    await tx.execute(sql`update leads set product_id = u.product_id, first_name = u.first_name, last_name = u.last_name, email = u.email, phone = u.phone, ip = u.ip,
      status = u.status, reason = u.reason, reason_detail = u.reason_detail, accepted_attempt_id = u.accepted_attempt_id, external_id = u.external_id,
      autologin_url = u.autologin_url, call_status = u.call_status, raw_status = u.call_status, is_ftd = u.is_ftd, ftd_at = u.ftd_at,
      needs_review = u.needs_review, updated_at = u.updated_at,
      fraud_score = coalesce(u.fraud_score, leads.fraud_score), fraud_reasons = coalesce(u.fraud_reasons, leads.fraud_reasons)
      from unnest(${col('id')}::uuid[], ${col('product_id')}::uuid[], ${col('first_name')}::text[], ${col('last_name')}::text[], ${col('email')}::text[], ${col('phone')}::text[],
        ${col('ip')}::text[], ${col('status')}::text[], ${col('reason')}::text[], ${col('reason_detail')}::text[], ${col('accepted_attempt_id')}::uuid[],
        ${col('external_id')}::text[], ${col('autologin_url')}::text[], ${col('call_status')}::text[], ${col('is_ftd')}::boolean[],
        ${col('ftd_at')}::timestamptz[], ${col('needs_review')}::boolean[], ${col('updated_at')}::timestamptz[],
        ${col('fraud_score')}::smallint[], ${col('fraud_reasons')}::jsonb[])
        as u(id, product_id, first_name, last_name, email, phone, ip, status, reason, reason_detail, accepted_attempt_id, external_id, autologin_url,
          call_status, is_ftd, ftd_at, needs_review, updated_at, fraud_score, fraud_reasons)
      where leads.id = u.id`);
    const t = tx as unknown as Db;
    for (let i = 0; i < attempts.length; i += 5_000)
      await t.execute(unnestInsert(leadAttempts, attempts.slice(i, i + 5_000)));
    for (let i = 0; i < bodies.length; i += 5_000)
      await t.execute(unnestInsert(leadAttemptBodies, bodies.slice(i, i + 5_000)));
    for (let i = 0; i < history.length; i += 5_000)
      await t.execute(unnestInsert(leadStatusHistory, history.slice(i, i + 5_000)));
  });
  return bare.length;
};
