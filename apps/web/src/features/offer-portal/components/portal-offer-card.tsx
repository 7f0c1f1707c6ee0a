import { Card, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { PortalOffer } from '@pxl/contract/offers/portal.schemas';
import { AccessBadge } from './access-badge.tsx';
import { OfferGeos, OfferKind, OfferPayout, OfferTitleLink, OfferTraffic } from './offer-facts.tsx';
import { portalDetailPath, type PortalRefs } from './offer-labels.ts';
import { OfferImage } from './offer-image.tsx';

/** One offer of the portal as a card (wide screens). */
export function PortalOfferCard({ offer, refs }: { offer: PortalOffer; refs: PortalRefs }) {
  const to = portalDetailPath(offer);
  return (
    <Card withBorder radius="md" padding="md" data-testid="offer-card">
      <Card.Section component={Link} to={to} aria-hidden tabIndex={-1} style={{ textDecoration: 'none' }}>
        <OfferImage url={offer.image_url} vertical={offer.vertical} verticals={refs.verticals} radius="0" />
      </Card.Section>
      <Stack gap={8} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <OfferTitleLink offer={offer} to={to} />
        </Group>
        <OfferKind offer={offer} refs={refs} />
        <OfferPayout offer={offer} refs={refs} />
        <OfferGeos geos={offer.geos} />
        <OfferTraffic sources={offer.traffic_sources} refs={refs} />
        <Group mt="auto" pt={4}>
          <AccessBadge access={offer.access} />
        </Group>
      </Stack>
    </Card>
  );
}
