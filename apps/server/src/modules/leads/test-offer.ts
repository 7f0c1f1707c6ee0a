import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { COUNTRY_CODE_PHONE, type LeadCreate, type OfferTestResult, type offerTestSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { LeadRuntime } from './lead-gate.ts';
import { LeadRefusalError } from './lead-refusal.ts';
import { submitLead } from './submit-lead.ts';

type Input = z.output<typeof offerTestSchema>;

/** A person no earlier test used, so the 30-day de-duplication does not refuse the second try of an empty form. */
const freshContact = (country: string) => {
  const code = COUNTRY_CODE_PHONE[country] ?? '49';
  const digits = Array.from({ length: Math.max(7, 12 - code.length) }, (_, i) =>
    i === 0 ? randomInt(1, 10) : randomInt(10),
  ).join('');
  return { email: `test-${randomBytes(5).toString('hex')}@example.com`, phone: `+${code}${digits}` };
};

/**
 * Settings › Test API › Offer: a test lead of the chosen affiliate goes through the offer's real routing. Buyers get it
 * for real (that is the point), but it is never counted in caps or money and fires no postback (is_test).
 */
export const testOfferRouting = async (
  deps: AppDeps,
  runtime: LeadRuntime,
  input: Input,
  who: { actorId: string; ip: string },
): Promise<OfferTestResult> => {
  const result = await routeTestLead(deps, runtime, input);
  // Buyers got a real lead: every send is audited with its outcome (docs/decisions/016-token-totp-audit.md).
  await writeAudit(deps.db, {
    action: 'test_api_send',
    actorId: who.actorId,
    subjectId: input.affiliate_uuid,
    ip: who.ip,
    details: {
      kind: 'offer',
      offer_id: input.offer_id,
      lead_id: result.lead_id,
      status: result.status,
      refusal: result.refusal?.reason ?? null,
    },
  });
  return result;
};

const routeTestLead = async (deps: AppDeps, runtime: LeadRuntime, input: Input): Promise<OfferTestResult> => {
  const [affiliate] = await deps.db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, input.affiliate_uuid))
    .limit(1);
  if (!affiliate || affiliate.role !== 'affiliate') throw badRequest('affiliate_uuid', 'Choose an affiliate');
  const { lead } = input;
  const contact = freshContact(lead.country);
  const body: LeadCreate = {
    offer_id: input.offer_id,
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: lead.email ?? contact.email,
    phone: lead.phone ?? contact.phone,
    country: lead.country,
    ip: lead.ip,
    language: lead.language,
    password: lead.password,
    funnel: lead.funnel,
    sub1: lead.sub1,
    sub2: lead.sub2,
    sub3: undefined,
    sub4: undefined,
    sub5: undefined,
    test: true,
  };
  try {
    const routed = await submitLead(deps, runtime, affiliate, body, null);
    const { lead: stored, steps, summary } = routed;
    const refusal =
      stored.status === 'failed' ? { reason: stored.reason ?? 'no_product_available', message: summary } : null;
    return { lead_id: stored.id, status: stored.status as OfferTestResult['status'], refusal, steps };
  } catch (err) {
    if (!(err instanceof LeadRefusalError)) throw err;
    const { reason: _, message, ...fields } = err.errors;
    const detail = Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    return {
      lead_id: null,
      status: null,
      refusal: { reason: err.reason, message: detail ? `${message}: ${detail}` : message },
      steps: [],
    };
  }
};
