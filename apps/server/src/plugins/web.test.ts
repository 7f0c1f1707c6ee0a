import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';

let t: TestApp;
let dist: string;
let app: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  t = await createTestApp();
  dist = await mkdtemp(path.join(os.tmpdir(), 'panel-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>panel</title>');
  await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  ({ app } = await buildApp({
    db: t.db,
    config: loadConfig({ NODE_ENV: 'test', COOKIE_PREFIX: 'acme' }),
    distDir: dist,
    secretKey: 'test-secret-key-0123456789',
  }));
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('serving the web app', () => {
  it('serves index.html for the root and for any page path', async () => {
    for (const url of ['/', '/dashboard', '/roles/affiliates/edit/3f1c2a9e-0000-4000-8000-000000000000']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>panel</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and answers a missing script with a 404 envelope', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      status: 'error',
      data: null,
      error: { not_found: 'Page not found. Please check the URL.' },
    });
  });

  it('serves a new build without a restart', async () => {
    await writeFile(path.join(dist, 'assets', 'app-3.js'), 'console.log(3)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-3.js' })).statusCode).toBe(200);
  });

  it('gives the browser its runtime config', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^window\.__APP_CONFIG__=\{.*"cookiePrefix":"acme"/);
  });

  it('never answers an unknown API path with the page', async () => {
    const res = await page('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
  });
});
