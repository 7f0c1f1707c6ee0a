import { LEAD_REFUSALS, type LeadCreate, type LeadCreateResult } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { gateLead, type Affiliate, type LeadRuntime } from './lead-gate.ts';
import { leadVerdict } from './lead-fraud.ts';
import { admitLead } from './lead-intake.ts';
import { refuse } from './lead-refusal.ts';
import { planWalk, routeLead, type Planned, type Routed } from './waterfall.ts';

/**
 * One lead from validation to its buyer: refusals before storing throw; a stored lead comes back with the waterfall's
 * steps, whatever became of it (the Test API shows them, the lead API turns them into its answer).
 */
export const submitLead = async (
  deps: AppDeps,
  runtime: LeadRuntime,
  affiliate: Affiliate,
  input: LeadCreate,
  apiKeyId: string | null,
): Promise<Routed> => {
  const { cache } = runtime;
  const at = new Date();
  const turn = cache.turns.turn(false);
  await turn.acquire();
  let intake: Awaited<ReturnType<typeof admitLead>>;
  let planned: Planned;
  try {
    const gated = await gateLead(deps.db, runtime, affiliate, input, at);
    planned = await planWalk(cache, gated.offer.id, input.country, at);
    // Read before the transaction: a cache miss must not wait for a pool connection while holding one.
    const timeZone = gated.leadCaps.length ? await cache.timeZone() : 'UTC';
    const verdict = leadVerdict(
      gated.fraud,
      { ip: input.ip, country: input.country, phone: gated.phone, affiliateId: affiliate.id },
      gated,
    );
    const who = { affiliateId: affiliate.id, apiKeyId };
    intake = await admitLead(deps.db, deps.secrets, input, gated, who, timeZone, verdict, planned.sending);
  } finally {
    turn.release();
  }
  if (intake.refusal === 'duplicate') throw refuse('duplicate');
  // Kept as failed, sent to no buyer; the Test API shows staff the reasons.
  if (intake.refusal === 'fraud') return { lead: intake.lead, steps: [], summary: intake.lead.reasonDetail ?? '' };
  if (intake.refusal === 'cap_reached')
    return { lead: intake.lead, steps: [], summary: intake.lead.reasonDetail ?? LEAD_REFUSALS.cap_reached };
  return routeLead(deps, cache, intake.lead, intake.password, at, undefined, { planned });
};

/** The lead API's answer: accepted or unknown is a 200; a kept lead that no buyer took is a refusal naming its id. */
export const answerOf = ({ lead, summary }: Routed): LeadCreateResult => {
  // The reasons stay with staff: an affiliate does not tune traffic against them (docs/product/fraud.md).
  if (lead.reason === 'fraud') throw refuse('fraud', LEAD_REFUSALS.fraud, { lead_id: lead.id });
  if (lead.reason === 'cap_reached') throw refuse('cap_reached', LEAD_REFUSALS.cap_reached, { lead_id: lead.id });
  if (lead.status === 'failed')
    throw refuse('no_product_available', `${LEAD_REFUSALS.no_product_available}. ${summary}`, { lead_id: lead.id });
  return { lead_id: lead.id, status: lead.status as LeadCreateResult['status'], autologin_url: lead.autologinUrl };
};
