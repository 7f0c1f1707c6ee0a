import { Badge, Group, Text } from '@mantine/core';
import type { LandingRef } from '@pxl/contract/offers/offers.schemas';
import { StatusBadge } from './status-badge.tsx';

/** A landing as the offer screens show it: name and ID, its type, and its status (links need an active one). */
export function LandingLabel({ landing, dimInactive = true }: { landing: LandingRef; dimInactive?: boolean }) {
  const inactive = landing.status !== 'active';
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text size="sm" truncate c={inactive && dimInactive ? 'dimmed' : undefined}>
        #{landing.id} {landing.name}
      </Text>
      <Badge
        size="xs"
        variant="outline"
        color={landing.type === 'landing' ? 'blue' : 'grape'}
        radius="sm"
        style={{ flexShrink: 0 }}
      >
        {landing.type === 'landing' ? 'Landing' : 'Pre-landing'}
      </Badge>
      <StatusBadge status={landing.status} size="xs" />
    </Group>
  );
}
