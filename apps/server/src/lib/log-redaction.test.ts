import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { redactQuery } from './log-redaction.ts';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // The app as server.ts builds it, its log lines captured.
  const stream = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  ({ app } = await buildApp({
    db: t.db,
    config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused/x' }),
    distDir: '/nonexistent',
    logger: { level: 'info', stream },
    secretKey: 'test-secret-key-0123456789',
    jobs: { start: false },
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('log redaction', () => {
  it('no log line of a request carries its token, password, api_key or key query values', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/postback?click_id=nope&token=secret-token-1&password=secret-pass-2&api_key=secret-key-3&KEY=secret-key-4&sub1=visible',
    });
    expect(res.statusCode).toBeLessThan(500);
    await app.inject({ method: 'GET', url: '/api/auth/v1/me?token=secret-token-5' });
    const logged = lines.join('');
    expect(logged).toContain(
      '/postback?click_id=nope&token=[redacted]&password=[redacted]&api_key=[redacted]&KEY=[redacted]&sub1=visible',
    );
    expect(logged).not.toMatch(/secret-/);
  });

  it('gives each request an id, in the X-Request-Id header and on every line it logs, with one line when done', async () => {
    const from = lines.length;
    const given = await app.inject({
      method: 'GET',
      url: '/postback?click_id=nope&token=secret-token-6',
      headers: { 'x-request-id': 'lb-7f3a9c21.edge' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21.edge');
    // An id that is not a plain token (a line break could forge log lines) is replaced by a fresh one.
    const odd = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id"\\n' } });
    const fresh = odd.headers['x-request-id'] as string;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    const own = await app.inject({ method: 'GET', url: '/healthz' });
    expect(own.headers['x-request-id']).not.toBe(fresh);

    const written = lines.slice(from).map((l) => JSON.parse(l) as Record<string, any>);
    // Nothing runs in the background here (jobs off), so every line since `from` belongs to one of these requests.
    expect(written.every((l) => typeof l.reqId === 'string')).toBe(true);
    const ofGiven = written.filter((l) => l.reqId === 'lb-7f3a9c21.edge');
    expect(ofGiven.map((l) => l.msg)).toEqual(['request completed']);
    expect(ofGiven[0]).toMatchObject({
      req: { method: 'GET', url: '/postback?click_id=nope&token=[redacted]' },
      res: { statusCode: given.statusCode },
    });
    expect(typeof ofGiven[0].responseTime).toBe('number');
    expect(written.filter((l) => l.reqId === fresh)).toHaveLength(1);
    expect(lines.slice(from).join('')).not.toMatch(/secret-/);
  });

  it('redacts only whole parameter names', () => {
    expect(redactQuery('/p?monkey=1&key=2&tokens=3&x=1&token=4#k')).toBe(
      '/p?monkey=1&key=[redacted]&tokens=3&x=1&token=[redacted]#k',
    );
  });
});
