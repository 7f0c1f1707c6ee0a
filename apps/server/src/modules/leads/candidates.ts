import { randomInt } from 'node:crypto';
import type { offerProducts, products } from '../../db/schema.ts';
import type { ProductContext } from '../integrations/index.ts';

export type OfferProductRow = typeof offerProducts.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
/** A product linked to the offer; `context` is what the engine needs to call it (lead-cache.ts builds it once). */
export type Candidate = { link: OfferProductRow; product: ProductRow; context: () => ProductContext };
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
  items
    .map((c) => ({ c, key: (randomInt(1, 2 ** 47) / 2 ** 47) ** (1 / Math.max(1, c.link.weight)) }))
    .sort((a, b) => b.key - a.key)
    .map((x) => x.c);

/** The waterfall for one lead from the offer's links (priority order, deleted products left out): priority ascending, weighted among equal priorities. */
export const orderCandidates = (links: Candidate[], country: string) => {
  const usable: Candidate[] = [];
  const skipped: NotCandidate[] = [];
  for (const row of links) {
    const why = notUsable(row, country);
    if (why) skipped.push({ ...row, detail: why });
    else usable.push(row);
  }
  const priorities = [...new Set(usable.map((c) => c.link.priority))];
  const ordered = priorities.flatMap((p) => weightedOrder(usable.filter((c) => c.link.priority === p)));
  return { ordered, skipped };
};
