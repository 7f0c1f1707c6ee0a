import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local servers speaking each channel's protocol, for the notifications tests: a Telegram Bot API, a Slack incoming
// webhook and a webhook receiver that checks the signature as docs/decisions/067-alert-channels-and-outbox.md tells
// receivers to.

export type Received = {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: Record<string, unknown>;
};
export type Peer = {
  url: string;
  /** Requests the peer took as valid (the ones a real peer would have delivered). */
  received: Received[];
  /** Every request, valid or not. */
  all: Received[];
  /** `down`: 503 to everything (an outage); `up`: the protocol's answers. */
  mode: 'up' | 'down';
  close: () => Promise<void>;
};
type Answer = { status: number; body: string; valid: boolean };

const startPeer = async (answer: (r: Received) => Answer): Promise<Peer> => {
  const peer = { received: [], all: [], mode: 'up' } as unknown as Peer;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // Checked by each protocol below.
      }
      const r: Received = { path: req.url ?? '', headers: req.headers, body, json };
      peer.all.push(r);
      if (peer.mode === 'down') return void res.writeHead(503).end('Service Unavailable');
      const a = answer(r);
      if (a.valid) peer.received.push(r);
      res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () => new Promise<void>((r) => server.close(() => r()));
  return peer;
};

export const BOT_TOKEN = '123456:AAE-test-token-for-the-local-bot-api';
export const CHAT_ID = '-100123456';

/** POST /bot<token>/sendMessage with the JSON Telegram takes; the answers Telegram gives for a bad token or chat. */
export const startTelegram = () =>
  startPeer((r) => {
    const m = /^\/bot([^/]+)\/sendMessage$/.exec(r.path);
    const tg = (status: number, body: object, valid = false) => ({ status, body: JSON.stringify(body), valid });
    if (!m) return tg(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (m[1] !== BOT_TOKEN) return tg(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (String(r.json.chat_id) !== CHAT_ID)
      return tg(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    if (typeof r.json.text !== 'string' || !r.json.text)
      return tg(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    return tg(200, { ok: true, result: { message_id: 1, text: r.json.text } }, true);
  });

export const SLACK_PATH = '/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX';
/** Slack's incoming webhook: 200 "ok" for {text}, else its short refusals. */
export const startSlack = () =>
  startPeer((r) => {
    if (r.path !== SLACK_PATH) return { status: 404, body: 'no_service', valid: false };
    if (typeof r.json.text !== 'string' || !r.json.text) return { status: 400, body: 'no_text', valid: false };
    return { status: 200, body: 'ok', valid: true };
  });

export const WEBHOOK_SECRET = 'whsec-local-test-0123456789';
/** What a receiver does: HMAC-SHA256 over "<timestamp>.<raw body>" with the shared secret, compared in constant time. */
export const signatureHolds = (secret: string, r: Received) => {
  const ts = String(r.headers['x-pxl-timestamp'] ?? '');
  const sent = Buffer.from(String(r.headers['x-pxl-signature'] ?? ''));
  const want = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`);
  const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300;
  return fresh && sent.length === want.length && timingSafeEqual(sent, want);
};
/** A receiver that refuses (401) anything not signed with `secret`. */
export const startReceiver = (secret = WEBHOOK_SECRET) =>
  startPeer((r) =>
    signatureHolds(secret, r)
      ? { status: 204, body: '', valid: true }
      : { status: 401, body: 'bad signature', valid: false },
  );
