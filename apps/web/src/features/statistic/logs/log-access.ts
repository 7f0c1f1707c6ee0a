import {
  readsOwnTrafficOnly,
  seesAffiliatesByIdOnly,
  seesPayout,
  seesRevenue,
  seesStaffColumns,
} from '@pxl/contract/access/capabilities';
import type { Role } from '@pxl/contract/access/roles';
import { hiddenDimensionsFor } from '@pxl/contract/statistic/statistic.schemas';

/** Which log columns a role gets: the server leaves the others out of the rows (docs/product/statistics.md). */
export type LogAccess = {
  staff: boolean;
  /** Affiliates read their own rows: no affiliate column. */
  affiliate: boolean;
  /** Advertisers see affiliates by ID only. */
  affiliateById: boolean;
  advertiser: boolean;
  product: boolean;
  revenue: boolean;
  payout: boolean;
  /** The lead's email on API conversions (staff only). */
  email: boolean;
  /** The network's flag threshold for the fraud badges, where the role may read it (else fixed bands). */
  flagAt?: number | null;
};

export function logAccess(role: Role | null): LogAccess {
  const staff = seesStaffColumns(role);
  return {
    staff,
    affiliate: !readsOwnTrafficOnly(role),
    affiliateById: seesAffiliatesByIdOnly(role),
    advertiser: staff,
    product: role !== null && !hiddenDimensionsFor(role).includes('product'),
    revenue: seesRevenue(role),
    payout: seesPayout(role),
    email: staff,
  };
}

/** How a partner reads in a log: name, else email, else (advertisers' view) the first part of the ID. */
export const partnerText = (partner: { uuid: string; name: string; email: string } | null | undefined): string =>
  partner ? partner.name || partner.email || partner.uuid.slice(0, 8) : '';
