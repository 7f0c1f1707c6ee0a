import { Badge, Text } from '@mantine/core';
import { LEAD_HISTORY_STATUSES } from '@pxl/contract/constants/constants.data';
import type { ConversionStatusValue } from '@pxl/contract/conversions/conversions.schemas';
import { LEAD_REFUSALS, type LeadStatus } from '@pxl/contract/leads/leads.schemas';
import { formatMinor } from '@/lib/money.ts';

export const CONVERSION_STATUS_LABELS: Record<ConversionStatusValue, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  hold: 'Hold',
};
const CONVERSION_COLORS: Record<ConversionStatusValue, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  hold: 'blue',
};

export function ConversionStatusBadge({ status }: { status: ConversionStatusValue }) {
  return (
    <Badge color={CONVERSION_COLORS[status]} variant="light" radius="sm">
      {CONVERSION_STATUS_LABELS[status]}
    </Badge>
  );
}

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  processing: 'Processing',
  accepted: 'Accepted',
  failed: 'Failed',
  unknown: 'Unknown',
};
const LEAD_COLORS: Record<LeadStatus, string> = {
  processing: 'yellow',
  accepted: 'green',
  failed: 'red',
  unknown: 'gray',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge color={LEAD_COLORS[status]} variant="light" radius="sm">
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A buyer's answer to one send: green when it took the lead, red for errors, gray for the polite refusals. */
export function AttemptResultBadge({ result }: { result: string }) {
  const color = result === 'accepted' ? 'green' : result === 'error' || result === 'timeout' ? 'red' : 'gray';
  return (
    <Badge color={color} variant="outline" radius="sm">
      {result.replace(/_/g, ' ')}
    </Badge>
  );
}

/** Yes/No for a flag, dimmed when false. */
export const YesNo = ({ value }: { value: boolean }) =>
  value ? (
    <Text span size="sm">
      Yes
    </Text>
  ) : (
    <Text span size="sm" c="dimmed">
      No
    </Text>
  );

/** An amount of the row's currency, e.g. "12.50 USD". */
export const moneyText = (amount: number | undefined, currency: string): string =>
  amount === undefined ? '' : formatMinor(amount, currency);

export const FLOW_LABELS: Record<'accepted' | 'trafficback', string> = {
  accepted: 'Accepted',
  trafficback: 'Trafficback',
};

/** A buyer's call status ("no_answer" → "No answer"); one we do not know reads as sent. */
export const callStatusText = (status: string | null): string =>
  status ? ((LEAD_HISTORY_STATUSES as Record<string, string>)[status] ?? status) : '';

/** Why a lead failed: the lead API's refusal text when the reason is one of its codes, else as recorded. */
export const leadReasonText = (reason: string | null): string =>
  reason ? ((LEAD_REFUSALS as Record<string, string>)[reason] ?? reason) : '';
