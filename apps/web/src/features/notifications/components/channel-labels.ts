import type { Role } from '@pxl/contract/access/roles';
import {
  AFFILIATE_ALERT_EVENTS,
  ALERT_EVENTS,
  CHANNEL_KINDS,
  OWN_CHANNEL_KINDS,
  type AlertEvent,
  type ChannelKind,
  type OutboxStatus,
} from '@pxl/contract/notifications/notifications.schemas';

// How channels and alerts read on screen (docs/product/automation.md, Channels).

export const KIND_LABELS: Record<ChannelKind, string> = {
  telegram: 'Telegram',
  slack: 'Slack',
  webhook: 'Webhook (signed)',
  email: 'E-mail',
};

export const EVENT_LABELS: Record<AlertEvent, string> = {
  rule_fired: 'A rule fired',
  cap_warning: 'Cap at 80 %',
  cap_reached: 'Cap reached',
  buyer_failing: 'Buyer failing or timing out',
  postbacks_failing: 'Postbacks failing',
  offer_no_clicks: 'Offer without clicks',
  shave_suspected: 'Shaving suspected',
  offer_paused: 'Offer paused',
  conversion_rejected: 'Conversion rejected',
};

export const OUTBOX_STATUS_TEXT: Record<OutboxStatus, string> = { pending: 'Queued', sent: 'Sent', failed: 'Given up' };
export const OUTBOX_STATUS_COLORS: Record<OutboxStatus, string> = { pending: 'yellow', sent: 'green', failed: 'red' };

/** Admin and head set up every kind; a manager or an affiliate only messages to themselves. */
export const kindsFor = (role: Role | null): readonly ChannelKind[] =>
  role === 'admin' || role === 'head' ? CHANNEL_KINDS : OWN_CHANNEL_KINDS;

/** An affiliate's channel carries only the events about its own traffic. */
export const eventsFor = (role: Role | null): readonly AlertEvent[] =>
  role === 'affiliate' ? AFFILIATE_ALERT_EVENTS : ALERT_EVENTS;

/** Only staff point Telegram at another API base (a local server in tests); an affiliate's uses the default. */
export const setsApiBase = (role: Role | null) => role !== null && role !== 'affiliate';

/** "Every event" for an empty list, else the events' words. */
export const eventsText = (events: readonly AlertEvent[]) =>
  events.length ? events.map((e) => EVENT_LABELS[e]).join(', ') : 'Every event';
