// Test-only: real local HTTP buyers (node:http on loopback) that answer as each case needs and log what they got.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * accept: 201 with id and autologin. reject: 400 with an error. error200: 200 {success:false}. duplicate: 409 "Duplicate
 * email". down: 503. slow: registers the lead, then answers (accept) after `delayMs` — past the push timeout.
 */
export type BuyerMode = 'accept' | 'reject' | 'error200' | 'duplicate' | 'down' | 'slow';
/** found: 200 with the lead; missing: 404; unsure: 500 (the buyer cannot say). */
export type LookupMode = 'found' | 'missing' | 'unsure';

/** `at`: when the push reached the buyer (Date.now()). */
export type Received = {
  leadId: string;
  body: Record<string, string>;
  headers: IncomingMessage['headers'];
  at: number;
};
export type Buyer = {
  name: string;
  mode: BuyerMode;
  lookup: LookupMode;
  delayMs: number;
  /** Every push that reached it, in order; `registered` are the ones it keeps (accepted or slow). */
  received: Received[];
  /** Pushes it holds unanswered now, and the most it ever held at once. */
  inFlight: number;
  maxInFlight: number;
  /** slow: set, the answers wait for it instead of `delayMs` (hold() sets it and returns what lets them go). */
  gate: Promise<void> | null;
  hold: () => () => void;
  registered: Map<string, string>;
  lookups: string[];
  pushUrl: string;
  lookupUrl: string;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });
const json = (res: ServerResponse, code: number, body: unknown) =>
  res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const push = async (b: Buyer, req: IncomingMessage, res: ServerResponse) => {
  const at = Date.now();
  const body = JSON.parse((await readBody(req)) || '{}') as Record<string, string>;
  b.received.push({ leadId: body.aff_lead_id, body, headers: req.headers, at });
  const accept = () => {
    const id = `ext-${randomUUID().slice(0, 8)}`;
    b.registered.set(body.aff_lead_id, id);
    return { success: true, lead_id: id, autologin_url: `https://login.${b.name}.example/auto/${id}` };
  };
  if (b.mode === 'accept') return json(res, 201, accept());
  if (b.mode === 'slow') {
    const answer = accept();
    b.inFlight += 1;
    b.maxInFlight = Math.max(b.maxInFlight, b.inFlight);
    await (b.gate ?? sleep(b.delayMs));
    b.inFlight -= 1;
    return res.destroyed ? undefined : json(res, 201, answer);
  }
  if (b.mode === 'reject') return json(res, 400, { success: false, error: 'Country not served' });
  if (b.mode === 'error200') return json(res, 200, { success: false, error: 'Email domain is blocked' });
  if (b.mode === 'duplicate') return json(res, 409, { success: false, error: 'Duplicate email' });
  return json(res, 503, { error: 'maintenance' });
};

const lookup = (b: Buyer, leadId: string, res: ServerResponse) => {
  b.lookups.push(leadId);
  if (b.lookup === 'unsure') return json(res, 500, { error: 'lookup unavailable' });
  const id = b.registered.get(leadId);
  if (b.lookup === 'missing' || !id) return json(res, 404, { error: 'not found' });
  return json(res, 200, { lead_id: id, autologin_url: `https://login.${b.name}.example/auto/${id}` });
};

/** One loopback server hosting many buyers under /b/<name>/…; `add` makes a new one. */
export const startBuyers = async () => {
  const buyers = new Map<string, Buyer>();
  const server = createServer((req, res) => {
    const m = req.url!.match(/^\/b\/([\w-]+)\/leads(?:\/([\w-]+))?$/);
    const b = m ? buyers.get(m[1]) : undefined;
    if (!b) return json(res, 404, { error: 'no such buyer' });
    if (req.method === 'POST' && !m![2]) return void push(b, req, res);
    if (req.method === 'GET' && m![2]) return lookup(b, m![2], res);
    return json(res, 405, { error: 'method' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    add: (mode: BuyerMode = 'accept', o: { lookup?: LookupMode; delayMs?: number } = {}): Buyer => {
      const name = `buyer-${randomUUID().slice(0, 8)}`;
      const b: Buyer = {
        name,
        mode,
        lookup: o.lookup ?? 'found',
        delayMs: o.delayMs ?? 1500,
        received: [],
        inFlight: 0,
        maxInFlight: 0,
        gate: null,
        hold: () => {
          let open!: () => void;
          b.gate = new Promise((r) => {
            open = r;
          });
          return () => {
            b.gate = null;
            open();
          };
        },
        registered: new Map(),
        lookups: [],
        pushUrl: `${base}/b/${name}/leads`,
        lookupUrl: `${base}/b/${name}/leads/{lead_id}`,
      };
      buyers.set(name, b);
      return b;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
export type Buyers = Awaited<ReturnType<typeof startBuyers>>;
