import type { Role } from '@pxl/contract/access/roles';
import { STAT_DIMENSIONS, type StatDimension, type StatKind } from '@pxl/contract/statistic/index';
import { hiddenDimensions } from '../filters/filter-access.ts';
import type { ListFilter, SubFilter } from '../filters/filter-state.ts';

export const DIMENSION_LABELS: Record<StatDimension, string> = {
  day: 'Day',
  hour: 'Hour',
  offer: 'Offer',
  affiliate: 'Affiliate',
  advertiser: 'Advertiser',
  product: 'Product',
  landing: 'Landing',
  geo: 'Geo',
  device: 'Device',
  os: 'OS',
  sub1: 'Sub 1',
  sub2: 'Sub 2',
  sub3: 'Sub 3',
  sub4: 'Sub 4',
  sub5: 'Sub 5',
  manager: 'Affiliate manager',
};

/**
 * The groupings a role gets on a kind's report: the contract's hidden ones left out, products only on API offers
 * (direct links have none), and an affiliate's own ID is no grouping for them.
 */
export function dimensionsFor(role: Role | null, kind: StatKind): StatDimension[] {
  const hidden = role ? hiddenDimensions(role) : [];
  return STAT_DIMENSIONS.filter((d) => !hidden.includes(d) && (kind === 'api' || d !== 'product'));
}

/** `group` of the URL: one or two different allowed dimensions, else by day. */
export function parseGroup(text: string | null, allowed: readonly StatDimension[]): StatDimension[] {
  const picked = [...new Set((text ?? '').split(',').map((s) => s.trim()))].filter((d): d is StatDimension =>
    allowed.includes(d as StatDimension),
  );
  return picked.length > 0 ? picked.slice(0, 2) : ['day'];
}

/** The filter a click on a group value sets (day and hour narrow the period instead; see the report). */
export const FILTER_OF_DIMENSION: Partial<Record<StatDimension, ListFilter | SubFilter>> = {
  offer: 'offer',
  affiliate: 'affiliate',
  advertiser: 'advertiser',
  product: 'product',
  landing: 'landing',
  manager: 'manager',
  geo: 'geo',
  device: 'device',
  os: 'os',
  sub1: 'sub1',
  sub2: 'sub2',
  sub3: 'sub3',
  sub4: 'sub4',
  sub5: 'sub5',
};
