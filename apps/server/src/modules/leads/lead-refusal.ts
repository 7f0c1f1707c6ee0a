import { LEAD_REFUSALS, type LeadRefusal } from '@pxl/contract';
import { AppError } from '../../lib/errors.ts';

/** The HTTP status of each refusal (docs/decisions/010-lead-distribution.md): the reason code is what integrations read, the status what proxies see. */
export const REFUSAL_STATUS: Record<LeadRefusal, number> = {
  validation: 400,
  duplicate: 409,
  geo_not_allowed: 422,
  no_product_available: 422,
  cap_reached: 422,
  offer_not_active: 422,
  not_allowed: 403,
  idempotency_key_reused: 422,
  rate_limited: 429,
};

/**
 * A refusal of the lead API: `{ reason, message, ...extra }` in the error envelope. `extra` carries per-field messages
 * (validation) or the kept lead's id (no_product_available, cap_reached).
 */
export class LeadRefusalError extends AppError {
  constructor(
    public readonly reason: LeadRefusal,
    message: string = LEAD_REFUSALS[reason],
    extra: Record<string, string> = {},
  ) {
    super(REFUSAL_STATUS[reason], { reason, message, ...extra });
  }
}

export const refuse = (reason: LeadRefusal, message?: string, extra?: Record<string, string>) =>
  new LeadRefusalError(reason, message, extra);

/** One invalid field, named as the schema's own validation would name it. */
export const invalidField = (field: string, message: string) =>
  refuse('validation', LEAD_REFUSALS.validation, { [field]: message });
