import type { Role } from '@pxl/contract/access/roles';
import type { StatKind } from '@pxl/contract/statistic/index';
import type { FilterKey, ListFilter } from './filter-state.ts';

export const FILTER_LABELS: Record<FilterKey, string> = {
  offer: 'Offer', affiliate: 'Affiliate', advertiser: 'Advertiser', product: 'Product', landing: 'Landing',
  manager: 'Affiliate manager', account_manager: 'Account manager', geo: 'Geo', device: 'Device', os: 'OS',
  status: 'Conversion status', sub1: 'Sub 1', sub2: 'Sub 2', sub3: 'Sub 3', sub4: 'Sub 4', sub5: 'Sub 5',
};

/** Affiliates never see advertisers or products; neither partner sees managers (docs/product/statistics.md). */
const HIDDEN: Partial<Record<Role, readonly ListFilter[]>> = {
  affiliate: ['affiliate', 'advertiser', 'product', 'manager', 'account_manager'],
  advertiser: ['advertiser', 'manager', 'account_manager'],
};

/** The list filters a role gets on a kind's reports, in the order the panel shows them; direct links have no products. */
export function listFiltersFor(role: Role | null, kind: StatKind, omit: readonly ListFilter[] = []): ListFilter[] {
  const hidden = [...(HIDDEN[role ?? 'affiliate'] ?? []), ...omit];
  const all: ListFilter[] = ['offer', 'affiliate', 'advertiser', 'product', 'landing', 'manager', 'account_manager', 'geo', 'device', 'os', 'status'];
  return all.filter((key) => !hidden.includes(key) && (kind === 'api' || key !== 'product'));
}

/**
 * Where a role's options come from. Staff who may list the records search them; partners and team leads, who
 * may not, pick from the values their own report has in the period ('report').
 */
export type OptionSource = 'entity' | 'report';
const ENTITY: Partial<Record<ListFilter, readonly Role[]>> = {
  offer: ['admin', 'head', 'manager'],
  product: ['admin', 'head', 'manager'],
  landing: ['admin', 'head', 'manager'],
  affiliate: ['admin', 'head', 'manager', 'team_lead'],
  advertiser: ['admin', 'head', 'manager', 'team_lead'],
  manager: ['admin', 'head', 'manager', 'team_lead'],
  account_manager: ['admin', 'head', 'manager', 'team_lead'],
};
export const optionSource = (key: ListFilter, role: Role | null): OptionSource =>
  role && ENTITY[key]?.includes(role) ? 'entity' : 'report';
