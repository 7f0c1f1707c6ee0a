import { Badge, Group, Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import type { ConversionDetail } from '@pxl/contract/statistic/statistic.schemas';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { offerText } from '../logs/cells.tsx';
import { ConversionStatusBadge, FLOW_LABELS, moneyText } from '../logs/labels.tsx';
import { FieldList, type Field } from './field-list.tsx';

type Conversion = ConversionDetail['conversion'];

const when = (at: string | null, timeZone: string) => (at ? formatDateLine(at, timeZone) : '');
const mono = (text: string | null) =>
  text ? (
    <Text span size="sm" ff="monospace">
      {text}
    </Text>
  ) : null;

/** Every field of the conversion itself. */
export function ConversionFields({ conversion: c, timeZone }: { conversion: Conversion; timeZone: string }) {
  const fields: Field[] = [
    { label: 'Conversion ID', value: mono(c.uuid) },
    {
      label: 'Status',
      value: (
        <Group gap={4}>
          <ConversionStatusBadge status={c.status} />
          {c.is_test && (
            <Badge color="gray" variant="outline" radius="sm">
              Test
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'Offer', value: offerText(c.offer) },
    { label: 'Offer type', value: c.offer_type === 'api' ? 'API' : 'Direct link' },
    { label: 'Goal', value: c.goal },
    { label: 'Affiliate', value: [c.affiliate.name, c.affiliate.email].filter(Boolean).join(' · ') },
    { label: 'Advertiser', value: c.advertiser?.name },
    // Products exist only in API offers' waterfalls.
    ...(c.offer_type === 'api' ? [{ label: 'Product', value: c.product?.name }] : []),
    { label: 'Flow', value: FLOW_LABELS[c.flow] },
    { label: 'Payout', value: moneyText(c.payout, c.currency) },
    { label: 'Revenue', value: moneyText(c.revenue, c.currency) },
    { label: 'Profit', value: moneyText(c.revenue - c.payout, c.currency) },
    { label: 'Paid', value: c.paid ? 'Yes' : 'No' },
    { label: 'Geo', value: c.country ? <CountryFlag code={c.country} /> : null },
    { label: 'Click ID', value: mono(c.click_id) },
    { label: 'Transaction ID', value: mono(c.txid) },
    { label: 'Hold until', value: when(c.hold_until, timeZone) },
    { label: 'Created', value: when(c.created_at, timeZone) },
    { label: 'Updated', value: when(c.updated_at, timeZone) },
  ];
  return <FieldList fields={fields} cols={3} />;
}
