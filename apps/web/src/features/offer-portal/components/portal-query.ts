import type { OFFER_TABS } from '@pxl/contract/offers/portal.schemas';
import type { ListConfig, ListState } from '@/components/data-table/index.ts';
import { majorToMinor } from '@/lib/money.ts';
import type { PortalListQuery } from '../api/list-portal-offers.ts';

export type OfferTab = (typeof OFFER_TABS)[number];

/** URL keys of the portal filters; the payout bounds stay in major units in the URL, as typed. */
export const PORTAL_LIST: ListConfig = { filters: ['vertical', 'geo', 'type', 'payout_min', 'payout_max'] };

/** Payout bounds in minor units; a maximum under the minimum is dropped (the form says why). */
export function payoutBounds(filters: Record<string, string>): {
  min: number | null;
  max: number | null;
  invalid: boolean;
} {
  const min = majorToMinor(filters.payout_min);
  const max = majorToMinor(filters.payout_max);
  const invalid = min !== null && max !== null && max < min;
  return { min, max: invalid ? null : max, invalid };
}

/** The API query of a tab and the list state in the URL. */
export function portalQuery(tab: OfferTab, state: ListState): PortalListQuery {
  const query: PortalListQuery = { tab, page: state.page, count: state.count };
  if (state.search) query.search = state.search;
  for (const key of ['vertical', 'geo', 'type'] as const) if (state.filters[key]) query[key] = state.filters[key];
  const { min, max } = payoutBounds(state.filters);
  if (min !== null) query.payout_min = min;
  if (max !== null) query.payout_max = max;
  return query;
}

/** What each tab holds (docs/product/routes.md), said when it is empty. */
export const TAB_EMPTY: Record<OfferTab, { title: string; text: string }> = {
  all: {
    title: 'No offers yet',
    text: 'All lists every public and premoderation offer of the network, and private offers you have been trusted with.',
  },
  live: {
    title: 'No live offers',
    text: 'Live lists the offers you sent clicks or leads to in the last 30 days. Pick an offer in Available and start sending traffic.',
  },
  available: {
    title: 'No offers available to you',
    text: 'Available lists the offers you may run now: public ones and those you were given access to. Premoderation offers in All take an access request first.',
  },
};
