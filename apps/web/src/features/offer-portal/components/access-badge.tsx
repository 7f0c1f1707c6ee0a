import { Badge } from '@mantine/core';
import type { PortalAccess } from '@pxl/contract/offers/portal.schemas';

const BADGES: Record<PortalAccess, { label: string; color: string }> = {
  granted: { label: 'Access granted', color: 'green' },
  request: { label: 'Request access', color: 'indigo' },
  pending: { label: 'Pending', color: 'yellow' },
  declined: { label: 'Declined', color: 'red' },
};

/** Whether the affiliate may run the offer now, or where their access request stands. */
export function AccessBadge({ access }: { access: PortalAccess }) {
  const { label, color } = BADGES[access];
  return (
    <Badge color={color} variant={access === 'granted' ? 'light' : 'outline'} radius="sm" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
