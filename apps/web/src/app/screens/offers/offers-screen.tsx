import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canCall } from '@pxl/contract/access/endpoint';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { AdvertiserOffersList } from '@/features/offer-portal/components/advertiser-offers.tsx';
import { OffersTable } from '@/features/offers/components/offers-table.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';

/** /offers: the staff list, or for an advertiser their own offers (read only). */
export function OffersScreen() {
  const role = useCurrentRole();
  const timeZone = useNetworkTimeZone();
  // An advertiser reads their own offers through their own list; the staff list is not theirs to call.
  if (canCall(offersPortalApi.advertiserList, role))
    return (
      <PageFrame>
        <AdvertiserOffersList />
      </PageFrame>
    );
  return (
    <PageFrame
      actions={
        <Group gap="xs">
          <Button component={Link} to="/offers/create-direct-link" leftSection={<IconPlus size={16} />}>
            Create direct-link offer
          </Button>
          <Button component={Link} to="/offers/create-api" variant="light" leftSection={<IconPlus size={16} />}>
            Create API offer
          </Button>
        </Group>
      }
    >
      <OffersTable timeZone={timeZone} />
    </PageFrame>
  );
}
