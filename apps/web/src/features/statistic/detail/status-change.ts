import {
  conversionStatusChangeSchema,
  type ConversionStatusValue,
} from '@pxl/contract/conversions/conversions.schemas';
import { zodFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';

/** The staff actions of the detail screen (docs/product/statistics.md); reopening to pending stays with the API. */
export type StatusAction = 'approved' | 'rejected' | 'hold';

export const STATUS_ACTIONS: readonly { status: StatusAction; label: string; color: string }[] = [
  { status: 'approved', label: 'Approve', color: 'green' },
  { status: 'rejected', label: 'Reject', color: 'red' },
  { status: 'hold', label: 'Hold', color: 'blue' },
];

/** An action that would leave the status as it is is not offered. */
export const actionsFor = (current: ConversionStatusValue) => STATUS_ACTIONS.filter((a) => a.status !== current);

/** The body to send, or the messages to show at the fields (a reason is required except for approve). */
export function statusChangeBody(
  status: StatusAction,
  reason: string,
): { ok: true; body: { status: StatusAction; reason: string } } | { ok: false; errors: FieldErrors } {
  const parsed = conversionStatusChangeSchema.safeParse({ status, reason });
  if (!parsed.success) return { ok: false, errors: zodFieldErrors(parsed.error) };
  return { ok: true, body: { status, reason: parsed.data.reason } };
}
