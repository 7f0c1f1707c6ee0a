import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerProducts, products } from '../../db/schema.ts';

export type OfferProductRow = typeof offerProducts.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type Candidate = { link: OfferProductRow; product: ProductRow };
/** A product of the offer that is not a candidate for this lead, and why (the Test API shows these). */
export type NotCandidate = Candidate & { detail: string };

const notUsable = ({ link, product }: Candidate, country: string): string | null => {
  if (product.status !== 'active') return 'The product is not active';
  if (!product.testedAt) return 'The product has not passed an integration test';
  if (link.geos.length && !link.geos.includes(country)) return `The offer sends it only ${link.geos.join(', ')}`;
  if (product.geos.length && !product.geos.includes(country)) return `The product buys only ${product.geos.join(', ')}`;
  return null;
};

/**
 * Weighted random order without replacement (Efraimidis–Spirakis): each gets key u^(1/weight) and the highest goes
 * first, so at weights 3:1 the first product leads three times in four.
 */
const weightedOrder = <T extends Candidate>(items: T[]): T[] =>
  items.map((c) => ({ c, key: (randomInt(1, 2 ** 47) / 2 ** 47) ** (1 / Math.max(1, c.link.weight)) }))
    .sort((a, b) => b.key - a.key).map((x) => x.c);

/** The waterfall for one lead: priority ascending (lower first), weighted among equal priorities. */
export const orderCandidates = async (db: Db, offerId: string, country: string) => {
  const rows = await db.select({ link: offerProducts, product: products }).from(offerProducts)
    .innerJoin(products, eq(products.id, offerProducts.productId))
    .where(eq(offerProducts.offerId, offerId)).orderBy(asc(offerProducts.priority), asc(offerProducts.position));
  const usable: Candidate[] = [];
  const skipped: NotCandidate[] = [];
  for (const row of rows) {
    if (row.product.status === 'deleted') continue;
    const why = notUsable(row, country);
    if (why) skipped.push({ ...row, detail: why }); else usable.push(row);
  }
  const priorities = [...new Set(usable.map((c) => c.link.priority))];
  const ordered = priorities.flatMap((p) => weightedOrder(usable.filter((c) => c.link.priority === p)));
  return { ordered, skipped };
};
