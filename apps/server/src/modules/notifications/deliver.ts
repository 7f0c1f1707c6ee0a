import { createHmac } from 'node:crypto';
import type { AlertEvent, ChannelKind } from '@pxl/contract';
import { httpWords, postJson } from './http-post.ts';

/** What is sent: the outbox row's id travels with a webhook so a receiver can drop a repeat. */
export type Alert = {
  id: string;
  event: AlertEvent | 'test';
  title: string;
  text: string;
  data: Record<string, unknown>;
};
/** A channel as a sender needs it: its stored settings and its secret, unsealed. */
export type SendChannel = { kind: ChannelKind; config: Record<string, unknown>; secret: string | null };
export type SendResult = { delivered: boolean; detail: string };
export type SendDeps = {
  allowPrivate: boolean;
  /** TELEGRAM_API_BASE: the Bot API of channels that do not name their own. */
  telegramApiBase: string;
  /** E-mail goes through the mail module: queued by the outbox, sent on the spot by the test button. */
  email: (addresses: string[], alert: Alert) => Promise<SendResult>;
};

/** Telegram's limit for one message. */
const TELEGRAM_MAX = 4096;

const plainText = (a: Alert) => `${a.title}\n\n${a.text}`;
const trimBase = (base: string) => base.replace(/\/+$/, '');

/** Bot API sendMessage: delivered when the answer is 200 with `ok: true`; else Telegram's own description. */
const sendTelegram = async (c: SendChannel, a: Alert, deps: SendDeps): Promise<SendResult> => {
  if (!c.secret) return { delivered: false, detail: 'No bot token is stored' };
  const base = trimBase((c.config.api_base as string | undefined) ?? deps.telegramApiBase);
  const body = JSON.stringify({
    chat_id: c.config.chat_id,
    text: plainText(a).slice(0, TELEGRAM_MAX),
    disable_web_page_preview: true,
  });
  const res = await postJson(`${base}/bot${c.secret}/sendMessage`, body, {}, { allowPrivate: deps.allowPrivate });
  if ('error' in res) return { delivered: false, detail: res.error };
  let answer: { ok?: unknown; description?: unknown } = {};
  try {
    answer = JSON.parse(res.text) as typeof answer;
  } catch {
    // Not JSON: not the Bot API (a proxy's error page); the status says what happened.
  }
  if (res.status === 200 && answer.ok === true) return { delivered: true, detail: 'HTTP 200' };
  const why = typeof answer.description === 'string' ? answer.description : undefined;
  return { delivered: false, detail: httpWords(res.status, why) };
};

/** Slack's incoming webhook answers 200 "ok"; its refusals are short words ("invalid_token", "no_service"). */
const sendSlack = async (c: SendChannel, a: Alert, deps: SendDeps): Promise<SendResult> => {
  if (!c.secret) return { delivered: false, detail: 'No webhook URL is stored' };
  const res = await postJson(c.secret, JSON.stringify({ text: plainText(a) }), {}, { allowPrivate: deps.allowPrivate });
  if ('error' in res) return { delivered: false, detail: res.error };
  if (res.status === 200 && res.text.trim() === 'ok') return { delivered: true, detail: 'HTTP 200' };
  const short = res.text.length <= 100 ? res.text : undefined;
  return { delivered: false, detail: httpWords(res.status, res.status === 200 ? `unexpected answer` : short) };
};

/** `sha256=<hex>` of HMAC-SHA256 over "<timestamp>.<body>" (docs/decisions/067-alert-channels-and-outbox.md). */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** A signed JSON POST; any 2xx is delivered. */
const sendWebhook = async (c: SendChannel, a: Alert, deps: SendDeps): Promise<SendResult> => {
  if (!c.secret) return { delivered: false, detail: 'No signing secret is stored' };
  const now = new Date();
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const body = JSON.stringify({
    event: a.event,
    title: a.title,
    text: a.text,
    data: a.data,
    sent_at: now.toISOString(),
    id: a.id,
  });
  const headers = { 'x-pxl-signature': webhookSignature(c.secret, timestamp, body), 'x-pxl-timestamp': timestamp };
  const res = await postJson(String(c.config.url), body, headers, { allowPrivate: deps.allowPrivate });
  if ('error' in res) return { delivered: false, detail: res.error };
  if (res.status >= 200 && res.status < 300) return { delivered: true, detail: `HTTP ${res.status}` };
  return { delivered: false, detail: httpWords(res.status) };
};

const sendEmail = (c: SendChannel, a: Alert, deps: SendDeps) => deps.email(c.config.addresses as string[], a);

const SENDERS: Record<ChannelKind, (c: SendChannel, a: Alert, deps: SendDeps) => Promise<SendResult>> = {
  telegram: sendTelegram,
  slack: sendSlack,
  webhook: sendWebhook,
  email: sendEmail,
};

/** One delivery attempt to one channel; never throws for what the peer or the network did. */
export const sendAlert = (c: SendChannel, a: Alert, deps: SendDeps) => SENDERS[c.kind](c, a, deps);
