import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatDateLine } from '@pxl/contract/format/date';
import { formatMoney } from '@pxl/contract/format/money';
import type { AdvertiserOffer } from '@pxl/contract/offers/portal.schemas';
import { useAdvertiserOffer } from '../api/get-advertiser-offer.ts';
import { useNetworkTimeZone } from '../api/get-time-zone.ts';
import { AdvertiserGoals } from './advertiser-goals.tsx';
import { OfferGeos, OfferHeading } from './offer-facts.tsx';
import { labelOf, STATIC_REFS, STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from './offer-labels.ts';
import { DescriptionSection, Section } from './section.tsx';
import { formatCount } from '@/lib/format/numbers.ts';
import { PageLoader } from '@/components/ui/record-loader.tsx';

/** One of the advertiser's offers, read only: what it pays us and how it performs; no payouts, affiliates or notes. */
export function AdvertiserOfferDetail({ uuid }: { uuid: string }) {
  const offer = useAdvertiserOffer(uuid);
  const timeZone = useNetworkTimeZone();
  if (offer.isPending) return <PageLoader />;
  if (offer.isError || !offer.data)
    return (
      <Alert color="red" title="Not available">
        This offer could not be loaded.
      </Alert>
    );
  return <DetailBody offer={offer.data} timeZone={timeZone} />;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', wordBreak: 'break-all' }}>{children}</div>
    </Stack>
  );
}

const urlOrDash = (url: string | null) =>
  url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {url}
    </Anchor>
  ) : (
    <Text span c="dimmed" size="sm">
      —
    </Text>
  );

function DetailBody({ offer, timeZone }: { offer: AdvertiserOffer; timeZone: string }) {
  const f = offer.figures;
  return (
    <Stack gap="md" data-testid="advertiser-offer-detail">
      <Stack gap={6}>
        <OfferHeading offer={offer} />
        <Group gap={6} wrap="wrap">
          <Badge variant="default" radius="sm">
            {TYPE_LABELS[offer.type]}
          </Badge>
          <Badge variant="light" color="gray" radius="sm">
            {labelOf(STATIC_REFS.verticals, offer.vertical)}
          </Badge>
          <Badge variant="light" color={STATUS_COLORS[offer.status]} radius="sm">
            {STATUS_LABELS[offer.status]}
          </Badge>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: offer.type === 'api' ? 6 : 5 }} spacing="sm">
        <Figure label="Clicks" value={formatCount(f.clicks)} />
        {offer.type === 'api' && <Figure label="User sessions" value={formatCount(f.user_sessions)} />}
        <Figure label="Conversions" value={formatCount(f.conversions)} />
        <Figure label="Approved" value={formatCount(f.approved)} />
        <Figure label="CR" value={`${f.cr.toFixed(2)}%`} />
        <Figure label="Revenue" value={formatMoney(f.revenue, offer.currency as Currency)} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <DescriptionSection text={offer.description} />
            <Section title="Goals and revenue">
              <AdvertiserGoals goals={offer.goals} currency={offer.currency} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Section title="Details">
            <Line label="Countries">
              <OfferGeos geos={offer.geos} max={40} />
            </Line>
            <Line label="Currency">{offer.currency}</Line>
            {offer.type === 'direct_link' && <Line label="Tracking URL">{urlOrDash(offer.tracking_url)}</Line>}
            <Line label="Preview URL">{urlOrDash(offer.preview_url)}</Line>
            <Line label="Created">{formatDateLine(offer.created_at, timeZone)}</Line>
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
