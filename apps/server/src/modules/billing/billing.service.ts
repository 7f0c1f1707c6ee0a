import { eq } from 'drizzle-orm';
import type { AffiliateBalance, GenerateInvoices } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalSettings } from '../settings/index.ts';
import { readBalance } from './balances.repository.ts';
import { generateInvoices, previewInvoices, type GenerateScope } from './generate.repository.ts';
import { findInvoiceRows } from './invoices.repository.ts';
import { checkPicked } from './picked.repository.ts';
import { notifyAffiliate } from './notify.ts';

/** The request as a generation scope; picked conversions are checked first, so a bad pick is a 400 naming why. */
const scopeOf = async (db: Db, body: GenerateInvoices): Promise<GenerateScope> => {
  const { time_zone: timeZone } = await generalSettings.get(db);
  if ('conversion_uuids' in body)
    return { kind: 'picked', conversionIds: await checkPicked(db, body.conversion_uuids), timeZone };
  return {
    kind: 'period',
    dateFrom: body.date_from,
    dateTo: body.date_to,
    currency: body.currency,
    // An empty pick of affiliates means all of them, as no pick does.
    affiliateIds: body.affiliate_uuids?.length ? body.affiliate_uuids : undefined,
    timeZone,
  };
};

export const previewGeneration = async ({ db }: AppDeps, body: GenerateInvoices) =>
  previewInvoices(db, await scopeOf(db, body));

/** Creates the invoices, then tells each affiliate about theirs. */
export const runGeneration = async (deps: AppDeps, auth: AuthContext, body: GenerateInvoices, ip: string) => {
  const created = await generateInvoices(deps.db, await scopeOf(deps.db, body), auth.user.id, ip);
  for (const c of created) await notifyAffiliate(deps, 'created', c);
  return {
    list: await findInvoiceRows(
      deps.db,
      created.map((c) => c.id),
    ),
  };
};

/** The first day of next month in the time zone, as YYYY-MM-DD. */
const nextMonthStart = (timeZone: string, now = new Date()) => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The affiliate's balances, minimum payout and next invoice day: invoices are generated for the past month, so the
 * next is expected on the 1st of next month once an approved unpaid balance reaches the minimum (the same amount in
 * every currency, docs/decisions/020-billing-model.md).
 */
export const affiliateBalance = async ({ db }: AppDeps, affiliateId: string): Promise<AffiliateBalance> => {
  const balances = await readBalance(db, affiliateId);
  const [u] = await db
    .select({ amount: users.minPayoutAmount, currency: users.minPayoutCurrency })
    .from(users)
    .where(eq(users.id, affiliateId));
  const due = balances.some((b) => b.approved_unpaid > 0 && b.approved_unpaid >= u.amount);
  const { time_zone } = await generalSettings.get(db);
  return {
    balances,
    min_payout: { amount: u.amount, currency: u.currency as AffiliateBalance['min_payout']['currency'] },
    next_invoice_on: due ? nextMonthStart(time_zone) : null,
  };
};
