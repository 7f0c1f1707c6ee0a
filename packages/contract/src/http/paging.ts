import { z } from 'zod';

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 100;

/**
 * How deep any list pages: an OFFSET walks every row it skips, so page × count stays within the first 100,000 rows
 * (1000 pages of the export's 100). Deeper rows are reached by narrowing the filters (docs/decisions/014-bounded-input.md).
 */
export const MAX_PAGE = 1000;
export const MAX_PAGE_MESSAGE = `page must be at most ${MAX_PAGE}; narrow the filters or the period to reach older rows`;

/** Query params every list takes; count above 100 is a 400, not a silent clamp. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE, { message: MAX_PAGE_MESSAGE }).default(1),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_COUNT, { message: `count must be at most ${MAX_COUNT}` })
    .default(DEFAULT_COUNT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * `total` holds numeric totals of the rows on this page (summed across pages by an export, docs/product/screens-and-lists.md);
 * `count` is how many rows match the query in all, for the pager.
 */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), count: z.number().int().min(0), total: z.record(z.string(), z.number()).optional() });

export type Paged<T> = { list: T[]; count: number; total?: Record<string, number> };
