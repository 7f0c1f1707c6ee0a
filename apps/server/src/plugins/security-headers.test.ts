import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';

let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: '1', SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7' });
});
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a policy with scripts from our own origin only, no framing and a referrer policy', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(res.headers).toMatchObject({
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    });
    // The proxy header is not trusted here, so the request is plain HTTP: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const page = await plain.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(directives(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('adds HSTS only over HTTPS as a trusted proxy reports it, and lets the browser reach Sentry when a DSN is set', async () => {
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const http = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(https.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://o42.ingest.sentry.io']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
