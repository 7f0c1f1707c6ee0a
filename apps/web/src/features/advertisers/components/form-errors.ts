import type { z } from 'zod';
import { isApiError } from '../../../lib/http/api-error.ts';

export type FieldErrors = Record<string, string>;

/** First message per field path ("email", "payment_methods.0.details") of a failed zod parse. */
export function pathErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return out;
}

/** The server's field messages (envelope keys use the same dotted paths). */
export const serverErrors = (error: unknown): FieldErrors => (isApiError(error) ? { ...error.fields } : {});
