import { Progress, Stack, Group, Text } from '@mantine/core';
import type { z } from 'zod';
import type { portalCapSchema } from '@pxl/contract/offers/portal.schemas';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { deviceLabel, osLabel } from './targeting-labels.ts';
import { formatCount } from '@/lib/format/numbers.ts';

type PortalCap = z.infer<typeof portalCapSchema>;
const PERIODS: Record<PortalCap['period'], string> = {
  day: 'per day',
  week: 'per week',
  month: 'per month',
  total: 'in total',
};

/** Caps with what is left of them now: past a cap, traffic goes to trafficback (docs/product/offers.md). */
export function DetailCaps({ caps }: { caps: PortalCap[] }) {
  if (caps.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No caps: the offer takes any volume.
      </Text>
    );
  return (
    <Stack gap="sm">
      {caps.map((c, i) => {
        const used = Math.max(0, c.limit - c.left);
        const share = c.limit > 0 ? Math.min(100, (used / c.limit) * 100) : 0;
        return (
          <Stack key={i} gap={4} data-testid="offer-cap">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={500}>
                  {formatCount(c.limit)} {c.metric} {PERIODS[c.period]}
                </Text>
                {c.geo && <CountryFlag code={c.geo} />}
                {c.device && (
                  <Text size="xs" c="dimmed">
                    {deviceLabel(c.device)}
                  </Text>
                )}
                {c.os && (
                  <Text size="xs" c="dimmed">
                    {osLabel(c.os)}
                  </Text>
                )}
              </Group>
              <Text size="sm" c={c.left === 0 ? 'red.7' : undefined} fw={600}>
                {formatCount(c.left)} left
              </Text>
            </Group>
            <Progress
              value={share}
              color={share >= 100 ? 'red' : share >= 80 ? 'orange' : 'teal'}
              size="sm"
              aria-label={`${Math.round(share)}% used`}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
