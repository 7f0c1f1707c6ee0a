import { Badge } from '@mantine/core';
import type { LandingStatus } from '@pxl/contract/landings/landings.schemas';
import { STATUS_COLORS, STATUS_LABELS } from './landing-labels.ts';

export function LandingStatusBadge({ status }: { status: LandingStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
