import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { RefusedTarget, sendOutbound, type Resolve } from './outbound-http.ts';
import { sendPostback } from '../modules/postbacks/index.ts';

let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    res.end(`hello ${req.headers.host}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** DNS that rebinds: a public address (TEST-NET-1, never routed) when first asked, then our own loopback. */
const rebinding = () => {
  const asked: string[] = [];
  const resolve: Resolve = async (host) => {
    asked.push(host);
    return [{ address: asked.length === 1 ? '192.0.2.1' : '127.0.0.1', family: 4 }];
  };
  return { resolve, asked };
};
const get = (url: string, o: { resolve?: Resolve; allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  sendOutbound(
    { method: 'GET', url, headers: {}, body: '' },
    {
      signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
      maxRead: 1000,
      allowPrivate: o.allowPrivate ?? false,
      resolve: o.resolve,
    },
  );

describe('sendOutbound', () => {
  it('connects to the address it checked: a DNS answer that turns local after the check never reaches us', async () => {
    const before = hits;
    const dns = rebinding();
    const out = await get(`http://rebind.example:${port}/x`, { resolve: dns.resolve, timeoutMs: 1500 }).then(
      () => 'answered',
      (err: Error) => err,
    );
    expect(out).not.toBe('answered');
    expect(dns.asked).toEqual(['rebind.example']);
    expect(hits).toBe(before);

    const viaPostback = rebinding();
    const attempt = await sendPostback(`http://rebind.example:${port}/pb`, false, {
      resolve: viaPostback.resolve,
      timeoutMs: 1500,
    });
    expect(attempt.status_code).toBeNull();
    expect(viaPostback.asked).toEqual(['rebind.example']);
    expect(hits).toBe(before);
  });

  it('refuses a host with any private address, before connecting, and keeps the Host header as the name', async () => {
    const before = hits;
    const mixed: Resolve = async () => [
      { address: '192.0.2.1', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
    await expect(get(`http://mixed.example:${port}/`, { resolve: mixed })).rejects.toThrow(RefusedTarget);
    await expect(get(`http://[::ffff:7f00:1]:${port}/`)).rejects.toThrow(/private or local/);
    await expect(get(`http://127.0.0.1:${port}/`)).rejects.toThrow(/private or local/);
    expect(hits).toBe(before);
    // Private targets allowed: the same loopback answers, addressed by name.
    expect(await get(`http://localhost:${port}/`, { allowPrivate: true })).toEqual({
      status: 200,
      text: `hello localhost:${port}`,
    });
    expect(hits).toBe(before + 1);
  });
});
