import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { OfferTest } from '@/features/test-api/components/offer-test.tsx';

/** Settings › Test API › Offer (docs/product/settings.md): a test lead down an API offer's waterfall. */
export function TestOfferScreen() {
  return (
    <PageFrame>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
        <Text size="sm">
          A test lead is routed and sent to the buyers for real, but nothing is billed, it is not counted in caps and no
          postback fires.
        </Text>
      </Alert>
      <OfferTest />
    </PageFrame>
  );
}
