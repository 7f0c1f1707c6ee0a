import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { COUNTRY_CODE_PHONE, type AttemptView, type testLeadSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { products } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { productContextOf } from './product-context.ts';
import type { WithPushSlots } from './push-slots.ts';
import { pushLead, type LeadVars, type PushOutcome } from './push.ts';

type TestLead = z.output<typeof testLeadSchema>;

/** The form's person with what it left empty made up: a fresh email (so duplicate checks pass) and a local phone. */
export const testLeadVars = (lead: TestLead, leadId: string): LeadVars => ({
  lead_id: leadId,
  first_name: lead.first_name,
  last_name: lead.last_name,
  email: lead.email ?? `test+${randomBytes(5).toString('hex')}@example.com`,
  phone: lead.phone ?? `+${COUNTRY_CODE_PHONE[lead.country] ?? ''}${String(randomInt(100_000_000, 1_000_000_000))}`,
  country: lead.country,
  ip: lead.ip,
  language: lead.language ?? '',
  password: lead.password ?? `Tt${randomBytes(4).toString('hex')}!9`,
  funnel: lead.funnel ?? '',
  sub1: lead.sub1 ?? '',
  sub2: lead.sub2 ?? '',
  sub3: '',
  sub4: '',
  sub5: '',
});

export const attemptView = (
  outcome: PushOutcome,
  leadId: string,
  product: { id: string; name: string },
): AttemptView => ({
  request: outcome.request,
  response: outcome.response,
  lead_id: leadId,
  product: { uuid: product.id, name: product.name },
  result: outcome.result,
  external_id: outcome.external_id,
  autologin_url: outcome.autologin_url,
  message: outcome.message,
});

/** Settings › Test API › Integrations: a real send of a made-up lead; only a success is stored (the product's tested_at). */
export const testIntegration = async (
  deps: AppDeps & WithPushSlots,
  auth: AuthContext,
  body: { product_uuid: string; lead: TestLead },
  ip: string,
) => {
  const [product] = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.id, body.product_uuid), ne(products.status, 'deleted')))
    .limit(1);
  if (!product) throw notFound('Product');
  const leadId = randomUUID();
  const outcome = await pushLead(productContextOf(deps, product), testLeadVars(body.lead, leadId));
  const ok = outcome.result === 'accepted';
  // A real lead went to the buyer: the send is audited with its result, in the transaction that marks the product tested.
  const [tested] = await inTransaction(deps.db, async (tx) => {
    const marked = ok
      ? await tx
          .update(products)
          .set({ testedAt: sql`now()` })
          .where(eq(products.id, product.id))
          .returning({ testedAt: products.testedAt })
      : [];
    await writeAudit(tx, {
      action: 'test_api_send',
      actorId: auth.user.id,
      subjectId: product.advertiserId,
      ip,
      details: {
        kind: 'integration',
        product_uuid: product.id,
        product: product.name,
        lead_id: leadId,
        result: outcome.result,
      },
    });
    return marked;
  });
  return { ok, attempt: attemptView(outcome, leadId, product), tested_at: tested?.testedAt?.toISOString() ?? null };
};
