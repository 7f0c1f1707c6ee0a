import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AffiliateBalance } from '@pxl/contract/billing/billing.schemas';
import { formatDate } from '@pxl/contract/format/date';
import { minorToText } from '@/lib/money.ts';

/** The minimum payout, when the next invoice is expected, and where the payment details are kept. */
export function PayoutOutlook({ balance }: { balance: AffiliateBalance }) {
  // Invoicing applies the one minimum amount in every currency, so it is shown without a currency sign.
  const min = minorToText(balance.min_payout.amount);
  return (
    <Stack gap={4} data-testid="payout-outlook">
      <Text size="sm">
        Minimum payout: <b>{min}</b> in each currency
      </Text>
      <Text size="sm" data-testid="next-invoice">
        {balance.next_invoice_on ? (
          <>
            Next invoice expected on <b>{formatDate(balance.next_invoice_on).date}</b>
          </>
        ) : (
          'No invoice expected yet: your approved, unpaid balance is below the minimum payout.'
        )}
      </Text>
      <Group gap={4}>
        <Text size="sm">Invoices are paid to your payment details:</Text>
        <Anchor component={Link} to="/settings/payments" size="sm">
          Payment details
        </Anchor>
      </Group>
    </Stack>
  );
}
