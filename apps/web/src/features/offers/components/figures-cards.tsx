import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import type { Figures, OfferType } from '@pxl/contract/offers/offers.schemas';
import { formatCount } from '@/lib/format/numbers.ts';

const percent = (v: number) => `${v.toFixed(2)}%`;

/** EPC, conversion rates, counts and money of the offer, from the traffic tables (0 until there is traffic). */
export function FiguresCards({ figures, currency, type }: { figures: Figures; currency: Currency; type: OfferType }) {
  const cards: [string, string, string][] = [
    ['EPC', formatMoney(figures.epc, currency), 'Payout per click'],
    ['CR', percent(figures.cr), 'Conversions ÷ clicks'],
    ...(type === 'api'
      ? [['CR Customer', percent(figures.cr_customer), 'User sessions ÷ clicks'] as [string, string, string]]
      : []),
    ['CR Conversion', percent(figures.cr_conversion), 'Approved ÷ clicks'],
    ['Clicks', formatCount(figures.clicks), ''],
    ...(type === 'api'
      ? [['User sessions', formatCount(figures.user_sessions), 'Leads received'] as [string, string, string]]
      : []),
    ['Conversions', formatCount(figures.conversions), ''],
    ['Approved', formatCount(figures.approved), ''],
    ['Payout', formatMoney(figures.payout, currency), 'To affiliates'],
    ['Revenue', formatMoney(figures.revenue, currency), 'From advertisers'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: cards.length }} spacing="sm" data-testid="offer-figures">
      {cards.map(([label, value, hint]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
