import type { z } from 'zod';
import { isApiError } from './http/api-error.ts';

export type FieldErrors = Record<string, string>;

/** First message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** Field messages of a failed call (the envelope's keys), to show beside the inputs as well. */
export const apiFieldErrors = (error: unknown): FieldErrors => (isApiError(error) ? { ...error.fields } : {});
