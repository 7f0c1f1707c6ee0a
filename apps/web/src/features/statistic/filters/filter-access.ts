import { readsOwnTrafficOnly } from '@pxl/contract/access/capabilities';
import { canCall, type Endpoint } from '@pxl/contract/access/endpoint';
import type { Role } from '@pxl/contract/access/roles';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { landingsApi } from '@pxl/contract/landings/index';
import { managersApi } from '@pxl/contract/managers/index';
import { offersApi } from '@pxl/contract/offers/index';
import { hiddenDimensionsFor, type StatDimension, type StatKind } from '@pxl/contract/statistic/index';
import { LIST_FILTERS, type FilterKey, type ListFilter } from './filter-state.ts';

export const FILTER_LABELS: Record<FilterKey, string> = {
  offer: 'Offer',
  affiliate: 'Affiliate',
  advertiser: 'Advertiser',
  product: 'Product',
  landing: 'Landing',
  manager: 'Affiliate manager',
  account_manager: 'Account manager',
  geo: 'Geo',
  device: 'Device',
  os: 'OS',
  status: 'Conversion status',
  sub1: 'Sub 1',
  sub2: 'Sub 2',
  sub3: 'Sub 3',
  sub4: 'Sub 4',
  sub5: 'Sub 5',
};

/** The report dimension a filter narrows: its own (status has none); both manager filters narrow the manager. */
const dimensionOf = (key: ListFilter): StatDimension | undefined =>
  key === 'status' ? undefined : key === 'account_manager' ? 'manager' : key;

/** What a role may not group or filter by: the dimensions the contract hides from it, and an affiliate's own ID. */
export const hiddenDimensions = (role: Role): readonly StatDimension[] =>
  readsOwnTrafficOnly(role) ? [...hiddenDimensionsFor(role), 'affiliate'] : hiddenDimensionsFor(role);

/** The list filters a role gets on a kind's reports, in the order the panel shows them; direct links have no products. */
export function listFiltersFor(role: Role | null, kind: StatKind, omit: readonly ListFilter[] = []): ListFilter[] {
  const hidden = hiddenDimensions(role ?? 'affiliate');
  return LIST_FILTERS.filter((key) => {
    const dimension = dimensionOf(key);
    return !omit.includes(key) && !(dimension && hidden.includes(dimension)) && (kind === 'api' || key !== 'product');
  });
}

/**
 * Where a role's options come from. Staff who may list the records search them; partners and team leads, who
 * may not, pick from the values their own report has in the period ('report').
 */
export type OptionSource = 'entity' | 'report';
/** The endpoint each filter's records are listed through (see ../api/filter-options.ts); its roles decide. */
export const LIST_ENDPOINT: Partial<Record<ListFilter, Pick<Endpoint, 'roles'>>> = {
  offer: offersApi.list,
  product: offersApi.productOptions,
  landing: landingsApi.options,
  affiliate: affiliatesApi.list,
  advertiser: advertisersApi.list,
  manager: managersApi.options,
  account_manager: managersApi.options,
};
export const optionSource = (key: ListFilter, role: Role | null): OptionSource => {
  const endpoint = LIST_ENDPOINT[key];
  return endpoint && canCall(endpoint, role) ? 'entity' : 'report';
};
