import { Alert } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { usePortalOffer } from '@/features/offer-portal/api/get-portal-offer.ts';
import { portalDetailPath } from '@/features/offer-portal/components/offer-labels.ts';
import { PortalOfferDetailView } from '@/features/offer-portal/components/portal-offer-detail.tsx';
import { useViewport } from '@/lib/viewport-store.ts';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';
import { usePortalRefs } from './use-portal-refs.ts';
import { PageLoader } from '@/components/ui/record-loader.tsx';

/** /offers/direct-link/detail/:id and /offers/api/detail/:id: one offer as the affiliate sees it. */
export function PortalOfferDetailScreen() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const offerId = /^\d+$/.test(id ?? '') ? Number(id) : 0;
  const offer = usePortalOffer(offerId);
  const { refs } = usePortalRefs();
  const { timeZone } = useDisplayTimeZone();
  const viewport = useViewport();

  let body;
  if (offerId === 0)
    body = (
      <Alert color="red" title="Not available">
        This is not a valid offer ID.
      </Alert>
    );
  else if (offer.isPending) body = <PageLoader />;
  else if (offer.isError || !offer.data)
    body = (
      <Alert color="red" title="Not available">
        This offer could not be loaded, or it is not open to you.
      </Alert>
    );
  else {
    // A link with the other type's path (typed by hand, or an offer changed) lands on the right one.
    const canonical = portalDetailPath(offer.data);
    if (canonical !== pathname) return <Navigate to={canonical} replace />;
    body = (
      <PortalOfferDetailView
        key={offer.data.id}
        offer={offer.data}
        refs={refs}
        timeZone={timeZone}
        narrow={viewport === 'mobile'}
      />
    );
  }
  return <PageFrame>{body}</PageFrame>;
}
