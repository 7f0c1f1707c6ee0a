// Shared by the lead benches: a sandbox buyer that takes every lead at once, made through the staff API and marked
// tested, on a public API offer of its own without caps, and an affiliate's API key for the lead API.
import { eq } from 'drizzle-orm';
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

/** `body(run)` is the lead API's JSON with `{i}` for the load generator's request number (bench/load.ts). */
export const sandboxLeadOffer = async (db: Db, appUrl: string) => {
  const login = async (email: string) =>
    (await post(`${appUrl}/api/auth/v1/login`, { email, password: DEMO_PASSWORD })).token as string;
  const admin = { 'pxl-authorization': await login('admin@demo.test') };
  const key = (
    await post(
      `${appUrl}/api/account/v1/api-keys`,
      { name: 'bench' },
      { 'pxl-authorization': await login('affiliate@demo.test') },
    )
  ).key as string;
  const [advertiser] = await db.select().from(users).where(eq(users.email, 'advertiser@demo.test'));
  const product = await post(
    `${appUrl}/api/advertisers/v1/${advertiser.id}/products`,
    {
      name: 'Bench sandbox',
      integration_type: 'sandbox',
      credentials: { api_key: 'bench-sandbox-key' },
      status: 'active',
      geos: [],
      sandbox_rules: { duplicate_check: false, ftd_percent: 0 },
    },
    admin,
  );
  await db
    .update(products)
    .set({ testedAt: new Date() })
    .where(eq(products.id, product.uuid as string));
  const [offer] = await db
    .insert(offers)
    .values({
      type: 'api',
      title: 'Bench API offer',
      vertical: 'crypto',
      status: 'active',
      privacy: 'public',
      currency: 'EUR',
      goals: [{ goal: 'ftd', payment_type: 'cpa', revenue: 50000, payout: 40000, payout_percent: 0, geo_rates: [] }],
    })
    .returning();
  await db
    .insert(offerProducts)
    .values({ offerId: offer.id, productId: product.uuid as string, priority: 1, weight: 100 });
  // The offer refuses a repeated email or phone: each run (0-9) sends people of its own.
  const body = (run = 0) =>
    `{"offer_id":${offer.number},"first_name":"Bench","last_name":"Lead {i}","email":"bench${run}x{i}@example.com","phone":"+49151${run}0{i}","country":"DE","ip":"46.4.0.1"}`;
  return { offer, key, body };
};
