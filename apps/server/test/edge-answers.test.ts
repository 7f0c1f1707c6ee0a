import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestWorld, type TestApp } from './harness.ts';
import { NOT_ALLOWED_CHARACTER, PARAM_TOO_LONG } from '../src/plugins/errors.ts';
import { clickWorld, click, type ClickWorld } from '../src/modules/tracking/click.fixtures.ts';
import { makeProduct, SECRET } from '../src/modules/integrations/integrations.fixtures.ts';

// Answers that no handler writes: refusals of the router, of Node's HTTP parser and of the text guard, on every route
// (docs/product/api-and-errors.md, docs/decisions/014-bounded-input.md).

let t: TestApp;
let w: ClickWorld;
let offerId: number;
let product: string;
let port: number;
beforeAll(async () => {
  ({ t, w } = await createTestWorld(async (app) => (await clickWorld(app.app, app.db)) as ClickWorld));
  offerId = (await w.offer()).id;
  product = (await makeProduct(t, w.admin, w.advA.id)).uuid;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

const envelope = (error: Record<string, string>) => ({ status: 'error', data: null, error });
const sandboxRefusal = (error: string) => ({ success: false, error });

/** Bytes as a client could send them, none of them fixed up by an HTTP library; the answer's status and body. */
const raw = (requestLine: Buffer | string, headers = '') =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.write(
      Buffer.concat([
        Buffer.from(requestLine),
        Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`),
      ]),
    );
  });

describe('NUL and lone surrogates on every route', () => {
  it('the sandbox refuses them in its own shape before PostgreSQL sees them', async () => {
    const headers = { 'x-sandbox-key': SECRET };
    for (const url of [
      `/sandbox/v1/${product}/leads/%00`,
      `/sandbox/v1/${product}/leads/a%00b`,
      `/sandbox/v1/${product}/autologin/a%00b`,
      `/sandbox/v1/${product}/statuses?since=a%00b`,
      `/sandbox/v1/a%00b/leads/x`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual(sandboxRefusal(NOT_ALLOWED_CHARACTER));
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: `/sandbox/v1/${product}/leads`,
      headers,
      payload: { email: 'a\u0000b@x.test', first_name: '\ud800' },
    });
    expect(posted.statusCode, posted.body).toBe(400);
    expect(posted.json()).toEqual(sandboxRefusal(NOT_ALLOWED_CHARACTER));
  });

  it('the pages around the API refuse them with the envelope', async () => {
    for (const url of ['/api/docs/json?x=%00', '/healthz?x=a%00b', '/app-config.js?x=%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual(envelope({ x: NOT_ALLOWED_CHARACTER }));
    }
  });

  it('a click is never refused for its text: a NUL is cleaned from the query, a NUL offer is no offer', async () => {
    const redirected = await click(t.app, `/click/${offerId}?aff=${w.affA.id}&sub1=a%00b&sub2=%ED%A0%80`);
    expect(redirected.statusCode, redirected.body).toBe(302);
    for (const url of ['/click/%00', '/click/1%00', `/click/${offerId}%00`]) {
      const res = await click(t.app, url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
  });
});

describe("the router's and the HTTP parser's refusals", () => {
  it('a path parameter of 10,000 characters is a 414 in the envelope (the sandbox in its shape)', async () => {
    const long = 'a'.repeat(10_000);
    for (const url of [`/api/offers/v1/${long}`, `/api/tickets/v1/${long}/reply`, `/click/${long}`]) {
      const res = await t.app.inject({ method: url.includes('reply') ? 'POST' : 'GET', url });
      expect(res.statusCode, url.slice(0, 40)).toBe(414);
      expect(res.json()).toEqual(envelope({ request: PARAM_TOO_LONG }));
    }
    const sandbox = await t.app.inject({ method: 'GET', url: `/sandbox/v1/${product}/leads/${long}` });
    expect(sandbox.statusCode).toBe(414);
    expect(sandbox.json()).toEqual(sandboxRefusal(PARAM_TOO_LONG));
  });

  it('a lone surrogate sent as raw bytes, or a broken escape, in a path is a 400 in the envelope', async () => {
    // Unescaped, Node's parser refuses the bytes; escaped, the router cannot decode them.
    const unescaped = await raw(Buffer.concat([Buffer.from('GET /api/offers/v1/'), Buffer.from([0xed, 0xa0, 0x80])]));
    expect(unescaped.status).toBe(400);
    expect(JSON.parse(unescaped.body)).toEqual(envelope({ request: 'Malformed HTTP request' }));
    for (const line of [
      'GET /api/offers/v1/%ED%A0%80',
      'GET /api/offers/v1/%zz',
      'DELETE /api/account/v1/sessions/%C0%80',
    ]) {
      const res = await raw(line);
      expect(res.status, String(line)).toBe(400);
      expect(JSON.parse(res.body), String(line)).toEqual(envelope({ request: NOT_ALLOWED_CHARACTER }));
    }
  });

  it('a request Node cannot parse is answered in the envelope too', async () => {
    const res = await raw('GET /api/auth/v1/me', 'Bad Header Without Colon\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(envelope({ request: 'Malformed HTTP request' }));
  });
});
