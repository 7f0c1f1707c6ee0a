import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GenerateInvoices, InvoiceListItem } from '@pxl/contract';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/client.ts';
import { conversions, invoices, users } from '../db/schema.ts';
import type { AuthContext, SessionUser } from '../lib/auth-context.ts';
import { runGeneration, declineInvoice, updateInvoice, addPayment } from '../modules/billing/index.ts';
import { generalSettings } from '../modules/settings/index.ts';

// The demo's invoices are made by the billing module's own functions, as staff would through the panel, so totals,
// items, payments, audit history and the conversions' paid flags agree. What stays unbilled is deliberate: the demo
// affiliate's last and current month and everybody's current month, so a generation in the panel has work to do
// (docs/decisions/022-billing-bench.md).

/** What each invoice of last month becomes, in turn (sorted by affiliate and currency, so every run agrees). */
const PLAN = ['approved', 'waiting', 'partly_paid', 'approved', 'declined', 'waiting'] as const;
const IP = '127.0.0.1';

/** YYYY-MM-DD of `at` in the zone, and the month arithmetic the periods need. */
const dayIn = (zone: string, at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const monthStart = (day: string, back: number) => {
  const [y, m] = day.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Silent: the demo's affiliates are not told about invoices made while the panel is being set up. */
const quietMailer = { send: async () => {} };

const staffOf = async (db: Db, id: string): Promise<AuthContext> => {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return { user: u as SessionUser, sessionId: '', impersonatorId: null };
};

/**
 * Invoices in every status over several affiliates and the three currencies: last month's for the generated
 * partners (paid, partly paid, waiting, declined in turn), the first partner's this month with its referral
 * earnings, the demo affiliate's older one paid in full, and one in UAH from picked conversions when no period
 * invoice is in UAH. Runs once: nothing happens when any invoice exists.
 */
export const seedDemoBilling = async (db: Db, ids: Map<string, string>, partnerEmails: string[], now = Date.now()) => {
  if ((await db.select({ id: invoices.id }).from(invoices).limit(1)).length) return null;
  // Only the fields the billing services read: the database, and a mailer for their notices.
  const deps = { db, mailer: quietMailer } as Pick<AppDeps, 'db' | 'mailer'> as AppDeps;
  const auth = await staffOf(db, ids.get('admin')!);
  const zone = (await generalSettings.get(db)).time_zone;
  const today = dayIn(zone, now);
  const generate = async (body: GenerateInvoices) => (await runGeneration(deps, auth, body, IP)).list;
  const partners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, partnerEmails))
    .orderBy(users.createdAt);
  const order = new Map(partners.map((p, i) => [p.id, i]));

  const lastMonth = await generate({
    date_from: monthStart(today, 1),
    date_to: dayBefore(monthStart(today, 0)),
    affiliate_uuids: partners.map((p) => p.id),
  });
  lastMonth.sort(
    (a, b) => order.get(a.affiliate.uuid)! - order.get(b.affiliate.uuid)! || a.currency.localeCompare(b.currency),
  );
  const plan = new Map<InvoiceListItem, string>(lastMonth.map((v, i) => [v, PLAN[i % PLAN.length]]));

  // Referral earnings accrue when approved, so this month's invoice of the first partner carries them. How much that
  // partner's own traffic made this month depends on when the demo is seeded: with no minimum payout its invoice is
  // made whatever the hour (below its minimum there was no invoice, and no referral line, on some runs).
  await db.update(users).set({ minPayoutAmount: 0 }).where(eq(users.id, partners[0].id));
  for (const v of await generate({
    date_from: monthStart(today, 0),
    date_to: today,
    affiliate_uuids: [partners[0].id],
  }))
    plan.set(v, 'waiting');
  const older = await generate({
    date_from: monthStart(today, 3),
    date_to: dayBefore(monthStart(today, 1)),
    affiliate_uuids: [ids.get('affiliate')!],
  });
  for (const v of older) plan.set(v, 'approved');
  if (![...plan.keys()].some((v) => v.currency === 'UAH'))
    for (const v of await generateFromUah(db, generate, ids.get('affiliate')!)) plan.set(v, 'approved');

  let adjusted = false;
  for (const [v, status] of plan) {
    const pay = (amount: number) =>
      addPayment(
        deps,
        auth,
        v.uuid,
        { amount, paid_on: today, reference: `DEMO-${v.number.slice(-6)}`, method: v.payment_system ?? 'wire' },
        { ip: IP },
      );
    if (status === 'declined')
      await declineInvoice(
        deps,
        auth,
        v.uuid,
        { status: 'declined', reason: 'Traffic quality check failed' },
        { ip: IP },
      );
    if (status === 'waiting' && !adjusted) {
      adjusted = true;
      await updateInvoice(
        deps,
        auth,
        v.uuid,
        {
          payment_system: v.payment_system,
          adjustments: [{ amount: 1500, comment: 'Bonus for the new campaign' }],
          comment: '',
        },
        { ip: IP },
      );
    }
    if (status === 'partly_paid' && v.total > 1) await pay(Math.floor(v.total / 2));
    if (status === 'approved' && v.total > 1) await pay(Math.floor(v.total * 0.4));
    if (status === 'approved' && v.total > 0) await pay(v.total - (v.total > 1 ? Math.floor(v.total * 0.4) : 0));
  }
  return plan.size;
};

/** One invoice from the approved UAH conversions of one partner that no invoice holds, picked as in the log. */
const generateFromUah = async (
  db: Db,
  generate: (body: GenerateInvoices) => Promise<InvoiceListItem[]>,
  demoId: string,
) => {
  const free = sql`not exists (select 1 from invoice_items i where i.conversion_id = ${conversions.id} and i.live)`;
  const real = and(
    eq(conversions.status, 'approved'),
    eq(conversions.flow, 'accepted'),
    eq(conversions.isTest, false),
    eq(conversions.currency, 'UAH'),
    sql`${conversions.affiliateId} <> ${demoId}`,
    free,
  );
  const [top] = await db
    .select({ affiliateId: conversions.affiliateId })
    .from(conversions)
    .where(real)
    .groupBy(conversions.affiliateId)
    .orderBy(sql`count(*) desc`, conversions.affiliateId)
    .limit(1);
  if (!top) return [];
  const picked = await db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(real, eq(conversions.affiliateId, top.affiliateId)))
    .orderBy(conversions.createdAt)
    .limit(50);
  return generate({ conversion_uuids: picked.map((c) => c.id) });
};
