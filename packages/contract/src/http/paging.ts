import { z } from 'zod';

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 100;

/** Query params every list takes; count above 100 is a 400, not a silent clamp. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(1).max(MAX_COUNT, { message: `count must be at most ${MAX_COUNT}` }).default(DEFAULT_COUNT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * `total` holds numeric totals of the rows on this page (summed across pages by an export, spec §3);
 * `count` is how many rows match the query in all, for the pager.
 */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), count: z.number().int().min(0), total: z.record(z.string(), z.number()).optional() });

export type Paged<T> = { list: T[]; count: number; total?: Record<string, number> };
