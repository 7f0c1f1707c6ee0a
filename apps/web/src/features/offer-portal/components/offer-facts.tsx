import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PortalOffer } from '@pxl/contract/offers/portal.schemas';
import { CountryFlags } from '@/components/ui/country-flag.tsx';
import { labelOf, STATUS_COLORS, STATUS_LABELS, topPayoutText, TYPE_LABELS, type PortalRefs } from './offer-labels.ts';

/** Payout for this affiliate with the goal it is for. */
export function OfferPayout({
  offer,
  refs,
  size = 'lg',
}: {
  offer: PortalOffer;
  refs: PortalRefs;
  size?: 'md' | 'lg';
}) {
  const text = topPayoutText(offer);
  if (!text || !offer.top_goal)
    return (
      <Text size="sm" c="dimmed">
        No payout set
      </Text>
    );
  return (
    <Group gap={6} align="baseline" wrap="nowrap" data-testid="offer-payout">
      <Text fw={700} size={size} c="teal.8" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {labelOf(refs.goals, offer.top_goal.goal)}
      </Text>
    </Group>
  );
}

/** Type and vertical as small badges, and the status when the offer is not running (the live tab keeps stopped ones). */
export function OfferKind({ offer, refs }: { offer: PortalOffer; refs: PortalRefs }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="default" radius="sm" size="sm">
        {TYPE_LABELS[offer.type]}
      </Badge>
      <Badge variant="light" color="gray" radius="sm" size="sm">
        {labelOf(refs.verticals, offer.vertical)}
      </Badge>
      {offer.status !== 'active' && (
        <Badge variant="light" color={STATUS_COLORS[offer.status]} radius="sm" size="sm">
          {STATUS_LABELS[offer.status]}
        </Badge>
      )}
    </Group>
  );
}

/** Countries as flags; an offer without a geo list takes every country. */
export function OfferGeos({ geos, max = 5 }: { geos: string[]; max?: number }) {
  if (geos.length === 0)
    return (
      <Text size="xs" c="dimmed">
        All countries
      </Text>
    );
  return <CountryFlags codes={geos} max={max} />;
}

/** Allowed traffic sources as one short line. */
export function OfferTraffic({ sources, refs }: { sources: string[]; refs: PortalRefs }) {
  const text = sources.length ? sources.map((s) => labelOf(refs.traffic, s)).join(', ') : 'Any source';
  return (
    <Text size="xs" c="dimmed" lineClamp={1} title={text}>
      Traffic: {text}
    </Text>
  );
}

/** The offer's title and ID heading its detail page. */
export function OfferHeading({ offer }: { offer: { title: string; id: number } }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Title order={3} style={{ wordBreak: 'break-word' }}>
        {offer.title}
      </Title>
      <Text c="dimmed" size="sm">
        ID {offer.id}
      </Text>
    </Group>
  );
}

/** The offer's title linking to its detail, then its ID, on a card or a row of the list. */
export function OfferTitleLink({ offer, to }: { offer: PortalOffer; to: string }) {
  return (
    <>
      <Anchor component={Link} to={to} fw={600} lineClamp={2} c="inherit">
        {offer.title}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        ID {offer.id}
      </Text>
    </>
  );
}
