import type { AlertEvent, Channel, ChannelKind } from '@pxl/contract';
import { refOf } from '../../lib/people.ts';
import type { ChannelWithOwner } from './channels.repository.ts';

const hostOf = (url: unknown) => {
  try {
    return new URL(String(url)).host;
  } catch {
    return '';
  }
};

/** Where a channel's alerts go, in words that hold no secret: a Slack webhook URL is one, so only its host shows. */
export const targetOf = (kind: ChannelKind, config: Record<string, unknown>) => {
  if (kind === 'telegram')
    return config.api_base ? `${String(config.chat_id)} via ${hostOf(config.api_base)}` : String(config.chat_id);
  if (kind === 'slack') return String(config.host ?? '');
  if (kind === 'webhook') return hostOf(config.url);
  return ((config.addresses as string[] | undefined) ?? []).join(', ');
};

/** The channel as answers show it: `config` is what is stored in the clear, never the sealed secret. */
export const channelView = (r: ChannelWithOwner): Channel => ({
  uuid: r.id,
  kind: r.kind as ChannelKind,
  name: r.name,
  enabled: r.enabled,
  events: r.events as AlertEvent[],
  target: targetOf(r.kind as ChannelKind, r.config),
  config: r.config,
  has_secret: r.secretSealed !== null,
  owner: refOf(r.ownerId, r.ownerFirst, r.ownerLast, r.ownerEmail),
  last_sent_at: r.lastSentAt?.toISOString() ?? null,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
});
