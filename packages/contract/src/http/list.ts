import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

export const dateParamSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD' });

/** Every list: paging, a free-text search, sorting by one of `sortable`, and optional created-date bounds (partner time zone). */
export const listQuerySchema = <S extends readonly [string, ...string[]]>(sortable: S) =>
  pageQuerySchema.extend({
    search: z.string().trim().max(100).optional(),
    sort: z.enum(sortable).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
    created_from: dateParamSchema.optional(),
    created_to: dateParamSchema.optional(),
  });

export const uuidParamsSchema = z.object({ uuid: z.uuid({ message: 'Not a valid ID' }) });

export const refSchema = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** Form inputs send '' for an empty optional text; store it as absent. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, { message: `At most ${max} characters` }).optional().transform((v) => (v ? v : undefined));

export const moneySchema = z.object({
  amount: z.number().int({ message: 'Use whole minor units (cents)' }).min(0).max(1_000_000_000),
  currency: z.enum(['EUR', 'UAH', 'USD']),
});
export type Money = z.infer<typeof moneySchema>;
