import { Badge, Text } from '@mantine/core';
import { SKIP_REASONS, type ColdSource, type DistributionStatus } from '@pxl/contract/cold-api/cold.schemas';
import { statusLabel } from '@/lib/labels.ts';

export const SOURCE_LABELS: Record<ColdSource, string> = { user_session: 'User sessions', conversion: 'Conversions' };
/** The tab of the add and details pages that holds a source. */
export const SOURCE_TABS: Record<ColdSource, string> = { user_session: 'user-session', conversion: 'conversion' };

export const distributionPath = (uuid: string) => `/cold-api/re-cold-api/list/${uuid}`;
export const addPath = (uuid: string, source: ColdSource = 'user_session') =>
  `/cold-api/lead-list/add/${uuid}/${SOURCE_TABS[source]}`;
export const detailsPath = (uuid: string, source: ColdSource = 'user_session') =>
  `/cold-api/lead-list/details/${uuid}/${SOURCE_TABS[source]}`;

const STATUS_COLORS: Record<DistributionStatus, string> = {
  active: 'green',
  paused: 'yellow',
  done: 'blue',
  deleted: 'gray',
};

export function DistributionStatusBadge({ status }: { status: DistributionStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="distribution-status">
      {statusLabel(status)}
    </Badge>
  );
}

const RESULT_COLORS: Record<string, string> = {
  sending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  unknown: 'gray',
  skipped: 'gray',
};

/** The result of one re-send: what the buyer did with the new user session, or that the lead was skipped. */
export function SendResultBadge({ result }: { result: string }) {
  return (
    <Badge color={RESULT_COLORS[result] ?? 'gray'} variant={result === 'skipped' ? 'outline' : 'light'} radius="sm">
      {statusLabel(result)}
    </Badge>
  );
}

/** A skip reason's words; an unknown key reads as sent. */
export const skipReasonText = (key: string | null): string =>
  key ? ((SKIP_REASONS as Record<string, string>)[key] ?? key) : '';

export const personName = (r: { first_name: string | null; last_name: string | null }) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ');

export const offerText = (o: { id: number; title: string }) => `#${o.id} ${o.title}`;

const LEAD_COLORS: Record<string, string> = { processing: 'yellow', accepted: 'green', failed: 'red', unknown: 'gray' };

/** The stored lead's own status (how its first sending ended). */
export function LeadStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={LEAD_COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}

/** Field messages no input of the form shows (a refusal of the whole record), to say under the form. */
export function OtherErrors({ errors, fields }: { errors: Record<string, string>; fields: readonly string[] }) {
  const other = Object.entries(errors).filter(([key]) => !fields.includes(key.split('.')[0]!));
  if (!other.length) return null;
  return (
    <Text c="red" size="sm" data-testid="form-errors">
      {other.map(([, message]) => message).join(' ')}
    </Text>
  );
}
