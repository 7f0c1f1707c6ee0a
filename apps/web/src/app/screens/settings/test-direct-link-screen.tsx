import { Text } from '@mantine/core';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { DirectLinkTest } from '@/features/test-api/components/direct-link-test.tsx';

/** Settings › Test API › Direct link (docs/product/settings.md): a click decided like a real /click link, on the live data. */
export function TestDirectLinkScreen() {
  return (
    <PageFrame>
      <Text size="sm" c="dimmed">
        Decides a click exactly as a real tracking link would, on the live offer data: nothing is recorded and caps are
        checked but not counted.
      </Text>
      <DirectLinkTest />
    </PageFrame>
  );
}
