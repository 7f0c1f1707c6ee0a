import { Text } from '@mantine/core';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { IntegrationTest } from '@/features/test-api/components/integration-test.tsx';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** Settings › Test API › Integrations (docs/product/settings.md): a test lead sent to one product; a success marks it tested. */
export function TestIntegrationsScreen() {
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <Text size="sm" c="dimmed">
        Sends one test lead to a product exactly as routing would. Only tested products are used for routing: a success
        marks the product tested.
      </Text>
      <IntegrationTest timeZone={timeZone} />
    </PageFrame>
  );
}
