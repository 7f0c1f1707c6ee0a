import { z } from 'zod';

/** Every error leaves as `{status:'error', error:{key: message}}`; keys name a field or a general topic. */
export type ErrorMap = Record<string, string>;

export type SuccessEnvelope<T> = { status: 'success'; data: T; error: null };
export type ErrorEnvelope = { status: 'error'; data: null; error: ErrorMap };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), data, error: z.null() });

export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  data: z.null(),
  error: z.record(z.string(), z.string()),
});

export const ok = <T>(data: T): SuccessEnvelope<T> => ({ status: 'success', data, error: null });
export const fail = (error: ErrorMap): ErrorEnvelope => ({ status: 'error', data: null, error });
