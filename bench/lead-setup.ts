// Shared by the lead benches: demo sessions and an API key, buyers made through the staff API and marked tested,
// and public API offers of their own without caps.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { offerProducts, offers, products, users } from '../apps/server/src/db/schema.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.ts';

export const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown>; error: unknown };
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(json.error)}`);
  return json.data;
};

/** A session token of a demo account. */
export const demoLogin = async (appUrl: string, email: string) =>
  (await post(`${appUrl}/api/auth/v1/login`, { email, password: DEMO_PASSWORD })).token as string;

/** The demo admin's session headers, a new API key of the demo affiliate, and both demo partners' rows. */
export const demoPartners = async (db: Db, appUrl: string) => {
  const login = (email: string) => demoLogin(appUrl, email);
  const admin = { 'pxl-authorization': await login('admin@demo.test') };
  const key = (
    await post(
      `${appUrl}/api/account/v1/api-keys`,
      { name: 'bench' },
      { 'pxl-authorization': await login('affiliate@demo.test') },
    )
  ).key as string;
  const [advertiser] = await db.select().from(users).where(eq(users.email, 'advertiser@demo.test'));
  const [affiliate] = await db.select().from(users).where(eq(users.email, 'affiliate@demo.test'));
  return { admin, key, advertiser, affiliate };
};

/** Products of the demo advertiser from these bodies (the staff API's), marked tested so the lead API may use them. */
export const testedProducts = async (
  db: Db,
  appUrl: string,
  p: Awaited<ReturnType<typeof demoPartners>>,
  bodies: Record<string, unknown>[],
) => {
  const ids: string[] = [];
  for (const body of bodies)
    ids.push((await post(`${appUrl}/api/advertisers/v1/${p.advertiser.id}/products`, body, p.admin)).uuid as string);
  await db.update(products).set({ testedAt: new Date() }).where(inArray(products.id, ids));
  return ids;
};

/** A sandbox buyer that takes every lead at once. */
export const sandboxBuyer = (name: string) => ({
  name,
  integration_type: 'sandbox',
  credentials: { api_key: 'bench-sandbox-key' },
  status: 'active',
  geos: [],
  sandbox_rules: { duplicate_check: false, ftd_percent: 0 },
});

/** A buyer product of the JSON template sending to `url`, taking a lead when it answers `status` with `success`. */
export const outsideBuyer = (name: string, url: string, o: { timeoutMs?: number; status?: number } = {}) => ({
  name,
  integration_type: 'json',
  credentials: { api_key: 'bench-key' },
  status: 'active',
  geos: [],
  integration: {
    push: {
      method: 'POST',
      url,
      headers: {},
      body_format: 'json',
      body: { email: '{email}', phone: '{phone}', aff_lead_id: '{lead_id}' },
      timeout_ms: o.timeoutMs ?? 10_000,
      concurrency: 500,
    },
    answer: { success_status: [o.status ?? 200], success_path: 'success', external_id_path: 'lead_id' },
    lookup: null,
    pull: { enabled: false, call: { method: 'GET', url } },
  },
});

/** A public API offer without caps sending to these products, all of priority 1. */
export const apiOfferFor = async (db: Db, title: string, productIds: string[]) => {
  const [offer] = await db
    .insert(offers)
    .values({
      type: 'api',
      title,
      vertical: 'crypto',
      status: 'active',
      privacy: 'public',
      currency: 'EUR',
      goals: [{ goal: 'ftd', payment_type: 'cpa', revenue: 50000, payout: 40000, payout_percent: 0, geo_rates: [] }],
    })
    .returning();
  await db
    .insert(offerProducts)
    .values(productIds.map((productId) => ({ offerId: offer.id, productId, priority: 1, weight: 100 })));
  return offer;
};

/** `body(run)` is the lead API's JSON with `{i}` for the load generator's request number (bench/load.ts). */
export const sandboxLeadOffer = async (db: Db, appUrl: string) => {
  const partners = await demoPartners(db, appUrl);
  const offer = await apiOfferFor(
    db,
    'Bench API offer',
    await testedProducts(db, appUrl, partners, [sandboxBuyer('Bench sandbox')]),
  );
  // The offer refuses a repeated email or phone: each run (0-9) sends people of its own.
  const body = (run = 0) =>
    `{"offer_id":${offer.number},"first_name":"Bench","last_name":"Lead {i}","email":"bench${run}x{i}@example.com","phone":"+49151${run}0{i}","country":"DE","ip":"46.4.0.1"}`;
  return { offer, key: partners.key, body };
};
