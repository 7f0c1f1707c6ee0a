import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { OfferType } from '@pxl/contract/offers/offers.schemas';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useOffer } from '@/features/offers/api/get-offer.ts';
import { detailPath, editPath } from '@/features/offers/components/offer-labels.ts';
import { OfferForm } from '@/features/offers/components/offer-form.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';
import { OfferLoader } from './offer-loader.tsx';
import { useOfferConstants } from './use-offer-constants.ts';

const typeOf = (pathname: string): OfferType => (/\/(create|edit)-api(\/|$)/.test(pathname) ? 'api' : 'direct_link');
const NAMES: Record<OfferType, string> = { direct_link: 'direct-link offer', api: 'API offer' };

/** /offers/create-direct-link, /offers/create-api and their edit pages: saving the primary section opens the others. */
export function OfferFormScreen() {
  const { uuid } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const type = typeOf(pathname);
  const offer = useOffer(uuid);
  const timeZone = useNetworkTimeZone();
  const constants = useOfferConstants();
  const open = uuid && offer.data && (
    <Button component={Link} to={detailPath(offer.data)} variant="default" leftSection={<IconEye size={16} />}>
      Open detail
    </Button>
  );
  return (
    <PageFrame
      title={uuid ? `Edit ${NAMES[type]}${offer.data ? ` ${offer.data.id}` : ''}` : `Create ${NAMES[type]}`}
      actions={open}
    >
      {uuid ? (
        <OfferLoader query={offer}>
          {(record) =>
            record.type !== type ? (
              // An edit link of the other type (typed by hand) lands on the right page.
              <Navigate to={editPath(record)} replace />
            ) : (
              <OfferForm
                key={record.uuid}
                type={type}
                offer={record}
                timeZone={timeZone}
                constants={constants}
                onCreated={() => undefined}
              />
            )
          }
        </OfferLoader>
      ) : (
        <OfferForm
          type={type}
          timeZone={timeZone}
          constants={constants}
          onCreated={(created) => navigate(editPath(created), { replace: true })}
        />
      )}
    </PageFrame>
  );
}
