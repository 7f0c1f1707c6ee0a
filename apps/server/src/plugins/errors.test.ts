import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { authHeader, createUser, sessionFor } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOT_FOUND = { status: 'error', data: null, error: { not_found: 'Page not found. Please check the URL.' } };

describe('error envelope', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    for (const url of ['/api/nothing/v1/here', '/api/auth/v1/unknown', '/api/auth/v2/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers a known path with the wrong method with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/v1/me' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers an /api path with a 404 envelope even when the client asks for HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('refuses malformed JSON with 400 {body}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/check-user-data',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { body: 'Body is not valid JSON' } });
  });

  it('refuses an unsupported content type with a 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/check-user-data',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { request: 'Unsupported content type' } });
  });

  it('refuses a body over 1 MB with a 413 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/check-user-data',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { request: 'Request body is too large' } });
  });

  it('sets the security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/v1/public' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    });
  });
});

describe('5xx answers', () => {
  it('never leak the cause: a broken database gives 500 with the generic text', async () => {
    const broken = await createTestApp();
    try {
      const user = await createUser(broken.db, { role: 'admin' });
      const token = await sessionFor(broken.db, user.id);
      await broken.db.$client.end(); // every query now fails inside node-postgres
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/settings/v1/general',
        headers: authHeader(token),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        status: 'error',
        data: null,
        error: { server: 'Server error. Please contact support.' },
      });
      expect(res.body).not.toMatch(/pool|postgres|stack|at /i);
    } finally {
      await broken.app.close();
    }
  });
});
