import { LEAD_REFUSALS, type LeadCreate, type LeadCreateResult } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { gateLead, type Affiliate, type LeadRuntime } from './lead-gate.ts';
import { admitLead } from './lead-intake.ts';
import { refuse } from './lead-refusal.ts';
import { routeLead, type Routed } from './waterfall.ts';

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
  const turn = cache.turns.turn(false);
  await turn.acquire();
  let intake: Awaited<ReturnType<typeof admitLead>>;
  try {
    const gated = await gateLead(deps.db, runtime, affiliate, input);
    // Read before the transaction: a cache miss must not wait for a pool connection while holding one.
    const timeZone = gated.leadCaps.length ? await cache.timeZone() : 'UTC';
    intake = await admitLead(deps.db, deps.secrets, input, gated, { affiliateId: affiliate.id, apiKeyId }, timeZone);
  } finally {
    turn.release();
  }
  if (intake.refusal === 'duplicate') throw refuse('duplicate');
  if (intake.refusal === 'cap_reached')
    return { lead: intake.lead, steps: [], summary: intake.lead.reasonDetail ?? LEAD_REFUSALS.cap_reached };
  return routeLead(deps, cache, intake.lead, intake.password);
};

/** The lead API's answer: accepted or unknown is a 200; a kept lead that no buyer took is a refusal naming its id. */
export const answerOf = ({ lead, summary }: Routed): LeadCreateResult => {
  if (lead.reason === 'cap_reached') throw refuse('cap_reached', LEAD_REFUSALS.cap_reached, { lead_id: lead.id });
  if (lead.status === 'failed')
    throw refuse('no_product_available', `${LEAD_REFUSALS.no_product_available}. ${summary}`, { lead_id: lead.id });
  return { lead_id: lead.id, status: lead.status as LeadCreateResult['status'], autologin_url: lead.autologinUrl };
};
