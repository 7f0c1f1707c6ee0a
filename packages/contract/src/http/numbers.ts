import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column: a larger id can match no row and would fail in SQL. */
export const INT4_MAX = 2_147_483_647;

/**
 * The largest money amount in minor units (1,000,000.00) anywhere in the API. A payout may be a fixed amount plus up to
 * 1000 % of a revenue, so 100,000,000 + 10 × 100,000,000 still fits the int4 money columns (docs/decisions/014-bounded-input.md).
 */
export const MAX_MINOR_AMOUNT = 100_000_000;

const tooLarge = { message: `At most ${INT4_MAX}` };

/** A whole number that fits an int4 column. */
export const int4Schema = z
  .number()
  .int()
  .max(INT4_MAX, tooLarge)
  .min(-INT4_MAX - 1);
/** A positive id of an int4 column (offer, landing numbers), in a JSON body. */
export const int4IdSchema = (message = 'Not a valid ID') =>
  z.number({ message }).int({ message }).min(1, { message }).max(INT4_MAX, { message });
/** The same id from a query string or path. */
export const int4IdParamSchema = (message = 'Not a valid ID') =>
  z.coerce.number({ message }).int({ message }).min(1, { message }).max(INT4_MAX, { message });

/** Whole minor units (cents) from 0 to MAX_MINOR_AMOUNT. */
export const minorAmountSchema = z
  .number()
  .int({ message: 'Use whole minor units (cents)' })
  .min(0, { message: 'Cannot be negative' })
  .max(MAX_MINOR_AMOUNT, { message: `At most ${MAX_MINOR_AMOUNT / 100} in major units` });
