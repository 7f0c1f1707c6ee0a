import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Cap } from '@pxl/contract/offers/offers.schemas';
import { DetailCard } from './detail-card.tsx';
import { capText } from './offer-labels.ts';

const colorOf = (share: number) => (share >= 1 ? 'red' : share >= 0.8 ? 'orange' : 'teal');

/** Each cap with how much of it the current period has used (a warning colour from 80%). */
export function CapsFill({ caps }: { caps: Cap[] }) {
  if (caps.length === 0) return <DetailCard title="Caps" empty="No caps: unlimited." testId="offer-caps" />;
  return (
    <DetailCard title="Caps" testId="offer-caps">
      {caps.map((c) => {
        const share = c.limit > 0 ? c.fill / c.limit : 0;
        return (
          <Stack key={c.uuid} gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {capText(c)}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {c.fill} / {c.limit}
              </Text>
            </Group>
            <Progress
              value={Math.min(100, share * 100)}
              color={colorOf(share)}
              size="sm"
              aria-label={`${capText(c)}: ${c.fill} of ${c.limit}`}
            />
          </Stack>
        );
      })}
    </DetailCard>
  );
}
