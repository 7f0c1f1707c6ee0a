import { Grid, Group, Stack } from '@mantine/core';
import type { PortalOfferDetail } from '@pxl/contract/offers/portal.schemas';
import { AccessBadge } from './access-badge.tsx';
import { AccessPanel } from './access-panel.tsx';
import { DetailCaps } from './detail-caps.tsx';
import { DetailFacts } from './detail-facts.tsx';
import { DetailGoals } from './detail-goals.tsx';
import { DetailLandings } from './detail-landings.tsx';
import { LeadApiExample } from './lead-api-example.tsx';
import { LeadApiPanel } from './lead-api-panel.tsx';
import { LinkBuilder } from './link-builder.tsx';
import { OfferHeading, OfferKind, OfferPayout } from './offer-facts.tsx';
import type { PortalRefs } from './offer-labels.ts';
import { OfferImage } from './offer-image.tsx';
import { DescriptionSection, Section } from './section.tsx';

/**
 * One offer as the affiliate reads it. The API sends no revenue, advertiser or notes, so none can
 * show here; the link builder and the Lead API panel appear only once access is granted.
 */
export function PortalOfferDetailView({
  offer,
  refs,
  timeZone,
  narrow,
}: {
  offer: PortalOfferDetail;
  refs: PortalRefs;
  timeZone: string;
  narrow: boolean;
}) {
  const granted = offer.access === 'granted';
  return (
    <Stack gap="md" data-testid="portal-offer-detail">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <OfferImage
          url={offer.image_url}
          vertical={offer.vertical}
          verticals={refs.verticals}
          size={narrow ? 64 : 96}
        />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <OfferHeading offer={offer} />
          <Group gap={6} wrap="wrap">
            <OfferKind offer={offer} refs={refs} />
            <AccessBadge access={offer.access} />
          </Group>
          <OfferPayout offer={offer} refs={refs} />
        </Stack>
      </Group>
      <AccessPanel offer={offer} timeZone={timeZone} />
      {granted && (
        <Section title="Tracking link" testId="link-builder">
          <LinkBuilder offer={offer} trackDomains={refs.trackDomains} />
        </Section>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {offer.type === 'api' && granted && (
              <Section title="Send leads by API" testId="lead-api-example">
                <LeadApiExample offer={offer} />
              </Section>
            )}
            <DescriptionSection text={offer.description} />
            <Section title="Goals and payouts">
              <DetailGoals goals={offer.goals} currency={offer.currency} refs={refs} />
            </Section>
            <Section title="Caps">
              <DetailCaps caps={offer.caps} />
            </Section>
            <Section title="Landings">
              <DetailLandings landings={offer.landings} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Section title="Terms">
              <DetailFacts offer={offer} refs={refs} timeZone={timeZone} />
            </Section>
            {offer.type === 'api' && granted && (
              <Section title="Lead API" testId="lead-api">
                <LeadApiPanel offerId={offer.id} />
              </Section>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
