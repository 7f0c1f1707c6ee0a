import { Navigate, useLocation, useParams } from 'react-router';
import { canCall } from '@pxl/contract/access/endpoint';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { AdvertiserOfferDetail } from '@/features/offer-portal/components/advertiser-offers.tsx';
import { useOffer } from '@/features/offers/api/get-offer.ts';
import { detailPath } from '@/features/offers/components/offer-labels.ts';
import { OfferDetail } from '@/features/offers/components/offer-detail.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';
import { OfferLoader } from './offer-loader.tsx';
import { useOfferConstants } from './use-offer-constants.ts';

/** /offers/detail-direct-link/{uuid} and /offers/detail-api/{uuid}: staff detail, or the advertiser's read-only view. */
export function OfferDetailScreen() {
  const role = useCurrentRole();
  const { uuid = '' } = useParams();
  // An advertiser reads their own offer through their own endpoint; the staff detail is not theirs to call.
  if (canCall(offersPortalApi.advertiserGet, role))
    return (
      <PageFrame>
        <AdvertiserOfferDetail uuid={uuid} />
      </PageFrame>
    );
  return <StaffOfferDetail uuid={uuid} />;
}

function StaffOfferDetail({ uuid }: { uuid: string }) {
  const { pathname } = useLocation();
  const offer = useOffer(uuid);
  const timeZone = useNetworkTimeZone();
  const { trackDomains } = useOfferConstants();
  return (
    <PageFrame title={offer.data?.type === 'api' ? 'API offer' : offer.data ? 'Direct-link offer' : undefined}>
      <OfferLoader query={offer}>
        {(record) =>
          detailPath(record) !== pathname ? (
            <Navigate to={detailPath(record)} replace />
          ) : (
            <OfferDetail key={record.uuid} offer={record} timeZone={timeZone} trackDomains={trackDomains} />
          )
        }
      </OfferLoader>
    </PageFrame>
  );
}
