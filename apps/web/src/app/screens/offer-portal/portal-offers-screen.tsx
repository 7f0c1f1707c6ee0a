import { useLocation } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { PortalOffers } from '@/features/offer-portal/components/portal-offers.tsx';
import type { OfferTab } from '@/features/offer-portal/components/portal-query.ts';
import { useViewport } from '@/lib/viewport-store.ts';
import { usePortalRefs } from './use-portal-refs.ts';

const tabOf = (pathname: string): OfferTab =>
  pathname.endsWith('/live') ? 'live' : pathname.endsWith('/available') ? 'available' : 'all';

/** The affiliate's /offers/all, /offers/live and /offers/available: one list, the tab from the path. */
export function PortalOffersScreen() {
  const { pathname } = useLocation();
  const { refs, verticals, geos } = usePortalRefs();
  const viewport = useViewport();
  const tab = tabOf(pathname);
  return (
    <PageFrame>
      <PortalOffers key={tab} tab={tab} refs={refs} verticals={verticals} geos={geos} narrow={viewport === 'mobile'} />
    </PageFrame>
  );
}
