// Test-only: products made through the staff API, a local buyer to point templates at, and engine contexts for them.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { INTEGRATION_TEMPLATES, integrationTemplateSchema, type IntegrationTemplateInput } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { products } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import { api } from '../managers/staff.fixtures.ts';
import { createOfferWorld, type OfferWorld } from '../offers/offers.fixtures.ts';
import { productContextOf, type ProductContext } from './product-context.ts';
import type { WithPushSlots } from './push-slots.ts';
import type { LeadVars } from './push.ts';

export const SECRET = 'sk_live_SANDBOX-SECRET-7d6c5b4a3f';

/** A product through POST /api/advertisers/v1/:uuid/products; sandbox with the secret api_key unless told otherwise. */
export const makeProduct = async (t: TestApp, by: Member, advertiserId: string, over: Record<string, unknown> = {}) => {
  const res = await api(t.app, 'POST', `/api/advertisers/v1/${advertiserId}/products`, by.token, {
    name: `Buyer ${Math.random().toString(36).slice(2, 8)}`,
    integration_type: 'sandbox',
    credentials: { api_key: SECRET },
    geos: ['DE', 'AT'],
    status: 'active',
    ...over,
  });
  if (res.status !== 200) throw new Error(`product: ${res.status} ${res.body}`);
  return res.json.data as { uuid: string; name: string; tested_at: string | null };
};

/** The json type's template with parts replaced (push, answer, lookup, pull merged one level deep). */
export const jsonTemplate = (
  over: Partial<{ [K in keyof IntegrationTemplateInput]: Record<string, unknown> | null }>,
) => {
  const base = integrationTemplateSchema.parse(INTEGRATION_TEMPLATES.json);
  const merged: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over))
    merged[k] = v === null ? null : { ...(base[k as keyof typeof base] as object | null), ...v };
  return integrationTemplateSchema.parse(merged);
};

/** Just enough of AppDeps for the engine: the same secret key and send slots as the test app. */
export const engineDeps = (t: TestApp, allowPrivate: boolean): AppDeps & WithPushSlots =>
  ({
    db: t.db,
    secrets: createSecrets('test-secret-key-0123456789'),
    config: { ALLOW_PRIVATE_POSTBACK_TARGETS: allowPrivate } as AppDeps['config'],
    selfUrl: () => {
      const a = t.app.server.address() as AddressInfo | null;
      return a ? `http://127.0.0.1:${a.port}` : 'http://127.0.0.1:3000';
    },
    services: { pushSlots: t.services.pushSlots },
  }) as AppDeps & WithPushSlots;

export const contextOf = async (t: TestApp, productId: string, allowPrivate = true): Promise<ProductContext> => {
  const [row] = await t.db.select().from(products).where(eq(products.id, productId));
  return productContextOf(engineDeps(t, allowPrivate), row);
};

export type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Handler = (req: Received, res: ServerResponse) => void | Promise<void>;

/** A buyer on loopback whose answer each test sets; every request it got is kept. */
export const startBuyer = async () => {
  const received: Received[] = [];
  let handler: Handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      void handler(r, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (h: Handler) => {
      handler = h;
    },
    json: (status: number, body: unknown) => {
      handler = (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
export type Buyer = Awaited<ReturnType<typeof startBuyer>>;

/** A test file's setup: a test app listening on loopback (sandbox buyers answer at {panel_url}) with an offer world. */
export const startServedWorld = () =>
  createTestWorld(async (t) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return createOfferWorld(t.db);
  });

/** A test file's setup: a local buyer, a test app that may reach it, and an offer world; `stop` closes both. */
export const startBuyerWorld = async () => {
  const buyer = await startBuyer();
  try {
    const { t, w } = await createTestWorld((app) => createOfferWorld(app.db), {
      ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
    });
    return {
      t,
      w,
      buyer,
      stop: async () => {
        await t.close();
        await buyer.close();
      },
    };
  } catch (err) {
    await buyer.close();
    throw err;
  }
};

/** A sandbox product of the world's advertiser A with these rules (and template), and its engine context. */
export const makeSandbox = async (
  t: TestApp,
  w: OfferWorld,
  rules: Record<string, unknown> = {},
  integration?: Record<string, unknown>,
) => {
  const p = await makeProduct(t, w.admin, w.advA.id, { sandbox_rules: rules, ...(integration && { integration }) });
  return { uuid: p.uuid, ctx: await contextOf(t, p.uuid, false) };
};

let serial = 0;
/** A lead's macro values with a fresh Lead Id and email. */
export const leadVars = (over: Partial<LeadVars> = {}): LeadVars => {
  serial += 1;
  return {
    lead_id: randomUUID(),
    first_name: 'Anna',
    last_name: 'Schmidt',
    email: `anna.${serial}.${randomUUID().slice(0, 8)}@mail.test`,
    phone: '+4915112345678',
    country: 'DE',
    ip: '46.4.0.1',
    language: 'de',
    password: 'Secret-pass-1',
    funnel: 'crypto',
    sub1: 's1',
    sub2: '',
    sub3: '',
    sub4: '',
    sub5: '',
    ...over,
  };
};
