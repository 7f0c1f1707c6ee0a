import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { SandboxRules } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { sandboxLeads } from '../../db/schema.ts';
import { columnList, pgOf, rowReader } from '../../lib/plain-sql.ts';
import type { SandboxProducts } from './product-cache.ts';
import type { ProductRow } from './product-context.ts';
import { MAX_STEPS, stateAt } from './sandbox-statuses.ts';
import { pageOf } from '../../lib/paging.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The built-in buyer (docs/product/leads.md): a separate "CRM" that happens to live in this server, answering in its own
// format (not the panel's envelope), as a broker's API would.

export type SandboxAnswer = { code: number; body: Record<string, unknown> };
export type SandboxBuyer = { product: ProductRow; rules: SandboxRules };
type SandboxLead = typeof sandboxLeads.$inferSelect;

const sameKey = (a: string, b: string) =>
  a.length > 0 && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The sandbox product and its rules when the key is its api_key credential; else the refusal to send. */
export const sandboxBuyer = async (
  products: SandboxProducts,
  productId: string,
  key: string,
): Promise<SandboxBuyer | SandboxAnswer> => {
  const found = await products(productId);
  if (!found) return { code: 404, body: { success: false, error: 'Unknown product' } };
  if (!sameKey(key, found.apiKey)) return { code: 401, body: { success: false, error: 'Invalid X-Sandbox-Key' } };
  return { product: found.product, rules: found.rules };
};

const autologinUrl = (deps: AppDeps, lead: SandboxLead) =>
  `${deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? deps.selfUrl()}/sandbox/v1/${lead.productId}/autologin/${lead.id}`;

const field = (body: unknown, name: string) => {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
};

// Every lead the bench sends lands here, in the same process as the lead API: plain SQL, planned once per connection.
const INSERT_LEAD = `insert into sandbox_leads (product_id, aff_lead_id, email, country) values ($1::uuid, $2::text, $3::text, $4::text)
  on conflict do nothing returning ${columnList(sandboxLeads)}`;
const readLead = rowReader(sandboxLeads);

const accepted = (deps: AppDeps, lead: SandboxLead): SandboxAnswer => ({
  code: 200,
  body: { success: true, lead_id: lead.id, autologin_url: autologinUrl(deps, lead) },
});

/**
 * Stores an accepted lead. The same Lead Id again is a retry of one send: answered like the first time, never stored
 * twice. With the duplicate check, a lock per email makes two sends of one email at once find each other.
 */
const store = async (
  deps: AppDeps,
  product: ProductRow,
  rules: SandboxRules,
  lead: { affLeadId: string; email: string; country: string },
  refuse: (code: number, error: string) => SandboxAnswer,
): Promise<SandboxAnswer> => {
  const sameLead = and(eq(sandboxLeads.productId, product.id), eq(sandboxLeads.affLeadId, lead.affLeadId));
  const values = { productId: product.id, ...lead };
  if (!rules.duplicate_check) {
    const {
      rows: [row],
    } = await pgOf(deps.db).query({
      name: 'sandbox-lead-insert',
      text: INSERT_LEAD,
      values: [product.id, lead.affLeadId, lead.email, lead.country],
    });
    return accepted(
      deps,
      row ? readLead(row) : (await deps.db.select().from(sandboxLeads).where(sameLead).limit(1))[0],
    );
  }
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox:${product.id}:${lead.email}`}))`);
    const known = await tx
      .select()
      .from(sandboxLeads)
      .where(
        and(
          eq(sandboxLeads.productId, product.id),
          or(eq(sandboxLeads.affLeadId, lead.affLeadId), eq(sandboxLeads.email, lead.email)),
        ),
      )
      .orderBy(sql`${sandboxLeads.affLeadId} = ${lead.affLeadId} desc`)
      .limit(2);
    const same = known.find((r) => r.affLeadId === lead.affLeadId);
    if (same) return accepted(deps, same);
    if (known.length) return refuse(409, 'Duplicate lead: this email is already registered');
    const [row] = await tx.insert(sandboxLeads).values(values).returning();
    return accepted(deps, row);
  });
};

/** Rules in order: required fields, countries, email text, then the same lead again or a duplicate. */
export const receiveLead = async (
  deps: AppDeps,
  { product, rules }: SandboxBuyer,
  body: unknown,
): Promise<SandboxAnswer> => {
  const refuse = (code: number, error: string): SandboxAnswer => ({
    code: rules.errors_as_200 ? 200 : code,
    body: { success: false, error },
  });
  const affLeadId = field(body, 'aff_lead_id');
  const email = field(body, 'email').toLowerCase();
  const country = field(body, 'country').toUpperCase();
  let answer: SandboxAnswer;
  if (!affLeadId || !email || !country)
    answer = refuse(400, `Missing ${!affLeadId ? 'aff_lead_id' : !email ? 'email' : 'country'}`);
  else if (rules.accept_countries.length && !rules.accept_countries.includes(country))
    answer = refuse(400, `Country ${country} is not accepted`);
  else if (rules.reject_email_contains && email.includes(rules.reject_email_contains.toLowerCase()))
    answer = refuse(400, 'Email rejected by the buyer');
  else answer = await store(deps, product, rules, { affLeadId, email, country }, refuse);
  // Late after deciding (and storing): a caller that gives up still finds the lead by lookup, as with a real slow buyer.
  if (rules.delay_ms) await sleep(rules.delay_ms);
  return answer;
};

const view = (lead: SandboxLead, rules: SandboxRules, now: Date) => {
  const s = stateAt(lead, rules, now);
  return {
    aff_lead_id: lead.affLeadId,
    lead_id: lead.id,
    status: s.status,
    ftd: s.ftd,
    deposit: s.deposit,
    updated_at: s.updated_at.toISOString(),
  };
};

export const findLead = async (
  deps: AppDeps,
  { product, rules }: SandboxBuyer,
  affLeadId: string,
): Promise<SandboxAnswer> => {
  const [lead] = await deps.db
    .select()
    .from(sandboxLeads)
    .where(and(eq(sandboxLeads.productId, product.id), eq(sandboxLeads.affLeadId, affLeadId)))
    .limit(1);
  if (!lead) return { code: 404, body: { success: false, error: 'Lead not found' } };
  return {
    code: 200,
    body: { success: true, ...view(lead, rules, new Date()), autologin_url: autologinUrl(deps, lead) },
  };
};

/** `since` (ISO or Unix seconds) filters on the time of the last status change; oldest change first. */
export const statusesPage = async (
  deps: AppDeps,
  { product, rules }: SandboxBuyer,
  q: Record<string, string | undefined>,
): Promise<SandboxAnswer> => {
  const since = !q.since ? new Date(0) : /^\d+$/.test(q.since) ? new Date(Number(q.since) * 1000) : new Date(q.since);
  const page = Number(q.page ?? 1);
  const pageSize = Number(q.page_size ?? 100);
  if (Number.isNaN(since.getTime()))
    return { code: 400, body: { success: false, error: 'since must be an ISO date-time or Unix seconds' } };
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    return { code: 400, body: { success: false, error: 'page must be 1 or more and page_size 1 to 1000' } };
  }
  const now = new Date();
  // A lead's last change is at most MAX_STEPS steps after it came in: older ones cannot have changed since `since`.
  const from = new Date(since.getTime() - MAX_STEPS * rules.status_step_seconds * 1000);
  const rows = await deps.db
    .select()
    .from(sandboxLeads)
    .where(and(eq(sandboxLeads.productId, product.id), gte(sandboxLeads.createdAt, from)));
  const items = rows
    .map((lead) => view(lead, rules, now))
    .filter((i) => i.updated_at >= since.toISOString())
    .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.lead_id.localeCompare(b.lead_id));
  const { limit, offset } = pageOf({ page, count: pageSize });
  return {
    code: 200,
    body: { success: true, page, page_size: pageSize, total: items.length, items: items.slice(offset, offset + limit) },
  };
};

/** The lead an autologin URL names, on that product; null for anything else (both IDs are checked before the query). */
export const findAutologinLead = async (deps: AppDeps, productId: string, leadId: string) => {
  if (!UUID_RE.test(productId) || !UUID_RE.test(leadId)) return null;
  const [lead] = await deps.db
    .select({ id: sandboxLeads.id })
    .from(sandboxLeads)
    .where(and(eq(sandboxLeads.productId, productId), eq(sandboxLeads.id, leadId)))
    .limit(1);
  return lead ?? null;
};
