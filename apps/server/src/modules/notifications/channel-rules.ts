import { AFFILIATE_ALERT_EVENTS, OWN_CHANNEL_KINDS, type AlertEvent, type ChannelKind } from '@pxl/contract';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError } from '../../lib/errors.ts';
import { isAdminLike } from '../../lib/people.ts';

const refuse = (field: string, message: string) => new AppError(422, { [field]: message });

/** The settings of a channel as a create or change sends them (secrets absent when unchanged). */
export type ConfigIn = {
  chat_id?: string;
  bot_token?: string;
  api_base?: string;
  webhook_url?: string;
  url?: string;
  secret?: string;
  addresses?: string[];
};
/** What is stored: `config` in the clear, and the secret to seal (undefined: keep the stored one). */
export type Settled = { config: Record<string, unknown>; secret: string | undefined };

/**
 * Managers and affiliates send alerts to themselves only (docs/product/automation.md, "Channels"): Telegram through the
 * default Bot API, or e-mail to their own address; an affiliate's channel carries only the events about its traffic.
 * Admin and head set up anything for the network.
 */
export const checkOwnRules = (auth: AuthContext, kind: ChannelKind, events: AlertEvent[], c: ConfigIn) => {
  if (isAdminLike(auth)) return;
  if (!(OWN_CHANNEL_KINDS as readonly string[]).includes(kind))
    throw refuse('kind', 'Your alerts can go to Telegram or to your e-mail');
  if (kind === 'telegram' && c.api_base !== undefined)
    throw refuse('api_base', 'Your Telegram channel uses the standard Telegram Bot API');
  if (kind === 'email' && c.addresses?.some((a) => a.toLowerCase() !== auth.user.email.toLowerCase()))
    throw refuse('addresses', `Your alerts can only be mailed to your own address, ${auth.user.email}`);
  const allowed = auth.user.role === 'affiliate' ? (AFFILIATE_ALERT_EVENTS as readonly string[]) : null;
  if (allowed && events.some((e) => !allowed.includes(e)))
    throw refuse('events', `Your channel can carry only these events: ${allowed.join(', ')}`);
};

const hostOf = (url: string) => new URL(url).host;

/**
 * The stored settings after a create (`before` null) or a change: fields left out keep their values, a secret left out
 * is kept, and what a kind cannot work without is refused by name.
 */
export const settleConfig = (
  kind: ChannelKind,
  c: ConfigIn,
  before: { config: Record<string, unknown>; hasSecret: boolean } | null,
): Settled => {
  const old = before?.config ?? {};
  const needSecret = (field: string, given: string | undefined, message: string) => {
    if (given === undefined && !before?.hasSecret) throw refuse(field, message);
  };
  if (kind === 'telegram') {
    needSecret('bot_token', c.bot_token, 'Enter the bot token');
    const apiBase = c.api_base ?? old.api_base;
    const config = { chat_id: c.chat_id ?? old.chat_id, ...(apiBase ? { api_base: apiBase } : {}) };
    return { config, secret: c.bot_token };
  }
  if (kind === 'slack') {
    needSecret('webhook_url', c.webhook_url, 'Enter the incoming webhook URL of Slack');
    return { config: c.webhook_url ? { host: hostOf(c.webhook_url) } : old, secret: c.webhook_url };
  }
  if (kind === 'webhook') {
    // A key generated here could never be read back (secrets are never shown), so the receiver could not check it.
    needSecret('secret', c.secret, 'Enter a signing secret of at least 16 characters');
    return { config: { url: c.url ?? old.url }, secret: c.secret };
  }
  return { config: { addresses: c.addresses ?? old.addresses }, secret: undefined };
};
