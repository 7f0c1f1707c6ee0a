import { LEAD_REFUSALS, REFUSAL_STATUS, type LeadRefusal } from '@pxl/contract';
import { AppError } from '../../lib/errors.ts';

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
