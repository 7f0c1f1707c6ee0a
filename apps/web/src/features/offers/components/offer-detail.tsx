import { Button, Grid, Group, Stack } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OfferDetail as Offer } from '@pxl/contract/offers/offers.schemas';
import { AccessRequestsPanel } from './access-requests-panel.tsx';
import { CapsFill } from './caps-fill.tsx';
import { LandingsList, NotesCard, ProductsList, TrustedList } from './detail-lists.tsx';
import { FiguresCards } from './figures-cards.tsx';
import { GoalsTable } from './goals-table.tsx';
import { editPath } from './offer-labels.ts';
import { OfferHeader } from './offer-header.tsx';
import { OfferRowActions } from './offer-row-actions.tsx';
import { TrackingLinkBuilder } from './tracking-link-builder.tsx';

/** The staff detail of an offer: facts, figures, goals, caps and their fill, link builder, access requests. */
export function OfferDetail({
  offer,
  timeZone,
  trackDomains,
}: {
  offer: Offer;
  timeZone: string;
  trackDomains: readonly string[];
}) {
  return (
    <Stack gap="md" data-testid="offer-detail">
      <OfferHeader
        offer={offer}
        timeZone={timeZone}
        actions={
          offer.editable && (
            <Group gap="xs">
              <Button component={Link} to={editPath(offer)} leftSection={<IconEdit size={16} />}>
                Edit
              </Button>
              <OfferRowActions offer={offer} onDetail />
            </Group>
          )
        }
      />
      <FiguresCards figures={offer.figures} currency={offer.currency} type={offer.type} />
      <TrackingLinkBuilder offer={offer} trackDomains={trackDomains} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <GoalsTable offer={offer} />
            {offer.type === 'api' && <ProductsList offer={offer} />}
            <LandingsList offer={offer} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <CapsFill caps={offer.caps} />
            <AccessRequestsPanel offerUuid={offer.uuid} timeZone={timeZone} editable={offer.editable} />
            <TrustedList offer={offer} />
            <NotesCard notes={offer.notes} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
