// Test-only: an API offer with products, leads and their attempts written straight into the tables, and the app's deps.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INTEGRATION_TEMPLATES, type IntegrationTemplateInput } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { loadConfig } from '../../config/config.ts';
import { affiliatePostbacks, leadAttempts, leads, products } from '../../db/schema.ts';
import { createJobs } from '../../jobs/jobs.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { createOfferWorld, makeOffer, offerCalls, type OfferWorld } from '../offers/offers.fixtures.ts';
import type { PulledStatus, WithPushSlots } from '../integrations/index.ts';

/** What the app builds for its routes and jobs, for calling a job function directly (same secret key and send slots as the app). */
export const testDeps = (t: TestApp, selfUrl = 'http://127.0.0.1:9'): AppDeps & WithPushSlots => ({
  db: t.db,
  hotDb: t.hotDb,
  config: loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://unused/db',
    ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
  }),
  mailer: { send: async () => {} },
  secrets: createSecrets('test-secret-key-0123456789'),
  jobs: createJobs(t.db),
  selfUrl: () => selfUrl,
  services: { pushSlots: t.services.pushSlots },
});

const ok = <T extends { status: number; body: string }>(res: T) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.body}`);
  return res;
};

export type ProductOptions = {
  type?: 'json' | 'sandbox';
  revenue?: { geo: string; amount: number; currency: string }[];
  integration?: IntegrationTemplateInput;
  credentials?: Record<string, string>;
  sandboxRules?: Record<string, unknown>;
};

/** A product of the advertiser (JSON unless told) through the staff API, marked tested (as a successful Test API send would). */
export const makeProduct = async (t: TestApp, by: Member, advertiserId: string, o: ProductOptions = {}) => {
  const res = ok(
    await api(t.app, 'POST', `/api/advertisers/v1/${advertiserId}/products`, by.token, {
      name: `Buyer ${randomUUID().slice(0, 6)}`,
      integration_type: o.type ?? 'json',
      credentials: o.credentials ?? { api_key: 'k' },
      payment_type: 'cpa',
      revenue: o.revenue ?? [],
      geos: [],
      status: 'active',
      integration: o.integration ?? INTEGRATION_TEMPLATES[o.type ?? 'json'],
      sandbox_rules: o.sandboxRules,
    }),
  );
  const id = res.json.data.uuid as string;
  await t.db.update(products).set({ testedAt: new Date() }).where(eq(products.id, id));
  return id;
};

/**
 * An active API offer in EUR (hold 7 days; registration, then ftd: 30.00, DE 35.00, affA's DE override 33.00) with two
 * products: `plain` (DE revenue 450.00 EUR, FR revenue in USD) and `overridden` (the offer pays 25.00 through it).
 */
export const leadWorld = async (t: TestApp, w?: OfferWorld) => {
  w ??= await createOfferWorld(t.db);
  const plain = await makeProduct(t, w.admin, w.advA.id, {
    revenue: [
      { geo: 'DE', amount: 45_000, currency: 'EUR' },
      { geo: 'FR', amount: 99_000, currency: 'USD' },
    ],
  });
  const overridden = await makeProduct(t, w.admin, w.advA.id, {
    revenue: [{ geo: 'DE', amount: 41_000, currency: 'EUR' }],
  });
  const offer = await makeOffer(t.app, w, {
    form: { type: 'api', tracking_url: null },
    goals: {
      hold_days: 7,
      goals: [
        { goal: 'registration', payment_type: 'cpa', revenue: 2000, payout: 1000 },
        {
          goal: 'ftd',
          payment_type: 'cpa',
          revenue: 60_000,
          payout: 3000,
          geo_rates: [{ geo: 'DE', revenue: 61_000, payout: 3500 }],
        },
      ],
      overrides: [{ affiliate_uuid: w.affA.id, goal: 'ftd', geo: 'DE', payout: 3300 }],
    },
    status: 'not_active',
  });
  ok(
    await offerCalls(t.app).section(w.admin, offer.uuid, 'products', {
      products: [{ product_uuid: plain }, { product_uuid: overridden, priority: 2, payout_override: 2500 }],
    }),
  );
  ok(await offerCalls(t.app).status(w.admin, offer.uuid, 'active'));
  return { w, offerId: offer.uuid, products: { plain, overridden } };
};
export type LeadWorld = Awaited<ReturnType<typeof leadWorld>>;

/** A status test file's setup: a test app with the lead world above on it (`w` is that world). */
export const startStatusWorld = () => createTestWorld((t) => leadWorld(t));

type LeadOptions = Partial<typeof leads.$inferInsert> & { attemptResult?: string; externalId?: string };

/** A lead the product took (or timed out on, for status 'unknown'), with its attempt: the attempt id is the Lead Id. */
export const insertLeadWithAttempt = async (
  t: TestApp,
  offerId: string,
  affiliateId: string,
  productId: string,
  o: LeadOptions = {},
) => {
  const { attemptResult, externalId = `ext-${randomUUID().slice(0, 8)}`, ...over } = o;
  const unknown = over.status === 'unknown';
  const [lead] = await t.db
    .insert(leads)
    .values({
      offerId,
      affiliateId,
      country: 'DE',
      email: `${randomUUID().slice(0, 8)}@lead.test`,
      status: 'accepted',
      sub1: 'aff-click-77',
      ...(unknown ? { reason: 'buyer_timeout' } : { productId, externalId }),
      ...over,
    })
    .returning();
  const [attempt] = await t.db
    .insert(leadAttempts)
    .values({
      leadId: lead.id,
      productId,
      position: 1,
      result: attemptResult ?? (unknown ? 'timeout' : 'accepted'),
      externalId: unknown ? null : externalId,
    })
    .returning();
  if (!unknown) await t.db.update(leads).set({ acceptedAttemptId: attempt.id }).where(eq(leads.id, lead.id));
  return { leadId: lead.id, attemptId: attempt.id, externalId };
};

export const setPostbackUrl = (t: TestApp, affiliateId: string, event: 'ftd' | 'conversion' | 'lead', url: string) =>
  t.db.insert(affiliatePostbacks).values({ affiliateId, event, url });

export const item = (o: Partial<PulledStatus> & { raw_status: string }): PulledStatus => ({
  lead_id: null,
  external_id: null,
  status: null,
  is_ftd: false,
  amount: null,
  ...o,
});
