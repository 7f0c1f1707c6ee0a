import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day of the calendar: 2026-02-31 has the format but no day, and would reach the database as an error. */
const isRealDay = (d: string) =>
  !DAY.test(d) ||
  (!Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));
/**
 * Days the API takes, so that the day after, the previous period of a comparison and any time-zone shift stay far
 * inside PostgreSQL's range (docs/decisions/014-bounded-input.md).
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';
const DAY_RANGE = { message: `Use a day from ${FIRST_DAY} to ${LAST_DAY}` };
/** YYYY-MM-DD compares as text, and a date-time's first ten characters are its day. */
export const isDayInRange = (d: string) => d.slice(0, 10) >= FIRST_DAY && d.slice(0, 10) <= LAST_DAY;
export const dateParamSchema = z
  .string()
  .regex(DAY, { message: 'Use the format YYYY-MM-DD' })
  .refine(isRealDay, { message: 'No such day' })
  .refine(isDayInRange, DAY_RANGE);
/** An ISO date-time with offset within the same days. */
export const dateTimeParamSchema = (message = 'Use an ISO date and time') =>
  z.iso.datetime({ offset: true, message }).refine(isDayInRange, DAY_RANGE);

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
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const moneySchema = z.object({
  amount: z.number().int({ message: 'Use whole minor units (cents)' }).min(0).max(1_000_000_000),
  currency: z.enum(['EUR', 'UAH', 'USD']),
});
export type Money = z.infer<typeof moneySchema>;
