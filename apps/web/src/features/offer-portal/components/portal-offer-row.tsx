import { Group, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { PortalOffer } from '@pxl/contract/offers/portal.schemas';
import { AccessBadge } from './access-badge.tsx';
import { OfferGeos, OfferKind, OfferPayout, OfferTitleLink, OfferTraffic } from './offer-facts.tsx';
import { portalDetailPath, type PortalRefs } from './offer-labels.ts';
import { OfferImage } from './offer-image.tsx';

/** One offer of the portal as a compact row (narrow screens, or the rows view); its parts wrap on a phone. */
export function PortalOfferRow({ offer, refs }: { offer: PortalOffer; refs: PortalRefs }) {
  const to = portalDetailPath(offer);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offer-row">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Link to={to} aria-hidden tabIndex={-1} style={{ textDecoration: 'none' }}>
          <OfferImage
            url={offer.image_url}
            vertical={offer.vertical}
            verticals={refs.verticals}
            size={56}
            radius="sm"
          />
        </Link>
        <Group gap="xs" align="flex-start" justify="space-between" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <OfferTitleLink offer={offer} to={to} />
            </Group>
            <OfferKind offer={offer} refs={refs} />
            <OfferTraffic sources={offer.traffic_sources} refs={refs} />
          </Stack>
          <Stack gap={6} style={{ flex: '0 1 200px' }}>
            <OfferPayout offer={offer} refs={refs} size="md" />
            <OfferGeos geos={offer.geos} max={4} />
          </Stack>
          <AccessBadge access={offer.access} />
        </Group>
      </Group>
    </Paper>
  );
}
