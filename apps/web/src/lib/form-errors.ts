import type { z } from 'zod';
import { isApiError } from './http/api-error.ts';

export type FieldErrors = Record<string, string>;

/** First message per field path ("email", "contacts.telegram", "payment_methods.0.details") of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return out;
}

/** Field messages of a failed call (the envelope's keys use the same dotted paths), to show beside the inputs as well. */
export const apiFieldErrors = (error: unknown): FieldErrors => (isApiError(error) ? { ...error.fields } : {});
