import type { PgSelect } from 'drizzle-orm/pg-core';

/** Lists are paged by a 1-based `page` of `count` rows (docs/product/screens-and-lists.md). */
export type PageQuery = { page: number; count: number };

/** The rows a page covers, as SQL's limit and offset. */
export const pageOf = ({ page, count }: PageQuery) => ({ limit: count, offset: (page - 1) * count });

/** Cuts a Drizzle select (made `$dynamic()`) to one page. */
export const takePage = <Q extends PgSelect>(query: Q, page: PageQuery) => {
  const { limit, offset } = pageOf(page);
  return query.limit(limit).offset(offset);
};
