import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { ROLES, authApi, type Endpoint, type Role } from '@pxl/contract';
import { allEndpoints } from '@pxl/contract/endpoints';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { call, createUser, PASSWORD, randomIp, sessionFor } from './factories.ts';

let t: TestApp;
const users = {} as Record<Role, { id: string; email: string }>;
let affiliateInScope: string;

beforeAll(async () => {
  t = await createTestApp();
  // One user per role; the affiliate is the manager's, and the manager is in the team lead's team, so every staff role may impersonate it.
  users.admin = await createUser(t.db, { role: 'admin' });
  users.head = await createUser(t.db, { role: 'head' });
  users.team_lead = await createUser(t.db, { role: 'team_lead' });
  users.manager = await createUser(t.db, { role: 'manager', teamLeadId: users.team_lead.id });
  users.affiliate = await createUser(t.db, { role: 'affiliate', managerId: users.manager.id });
  users.advertiser = await createUser(t.db, { role: 'advertiser', managerId: users.manager.id });
  affiliateInScope = users.affiliate.id;
});
afterAll(async () => {
  await t?.close();
});

type Sample = { payload?: () => Record<string, unknown>; query?: string; status: number };
const fresh = () => `matrix-${randomBytes(5).toString('hex')}@test.local`;

/**
 * A valid request per endpoint and the status an allowed caller gets. An endpoint without a sample is called
 * with no body (path params as random UUIDs): allowed roles must then get neither 401 nor 403 nor a 5xx.
 */
const SAMPLES: Record<string, Sample> = {
  'POST /api/auth/v1/login': { payload: () => ({ email: users.advertiser.email, password: PASSWORD }), status: 200 },
  'POST /api/auth/v1/registration': {
    payload: () => ({ email: fresh(), password: 'matrix-pass-1', first_name: 'Matrix', accept_terms: true }),
    status: 200,
  },
  'POST /api/auth/v1/check-user-data': { payload: () => ({ email: fresh() }), status: 200 },
  'GET /api/auth/v1/logout': { status: 200 },
  'POST /api/auth/v1/get-affiliate-token': { payload: () => ({ uuid: affiliateInScope }), status: 200 },
  'GET /api/auth/v1/me': { status: 200 },
  'POST /api/auth/v1/password-recovery': { payload: () => ({ email: fresh() }), status: 200 },
  // No valid reset token exists here: the allowed answer is the 400 of an invalid token.
  'POST /api/auth/v1/password-reset': {
    payload: () => ({ token: 'x'.repeat(43), password: 'matrix-pass-1' }),
    status: 400,
  },
  'GET /api/constant/v1/all': { status: 200 },
  'GET /api/log/v1/list': { query: '?page=1&count=10', status: 200 },
  'GET /api/settings/v1/general': { status: 200 },
  'PUT /api/settings/v1/general': {
    payload: () => ({ partner_title: 'Matrix Net', time_zone: 'UTC', currency: 'USD' }),
    status: 200,
  },
  'GET /api/settings/v1/public': { status: 200 },
  'GET /api/account/v1/profile': { status: 200 },
  'PUT /api/account/v1/profile': { payload: () => ({ first_name: 'Matrix' }), status: 200 },
  // A wrong current password: proves access without changing the password other samples sign in with.
  'POST /api/account/v1/password': {
    payload: () => ({ current_password: 'wrong-password', new_password: 'matrix-pass-2' }),
    status: 400,
  },
  'POST /api/account/v1/2fa/setup': { status: 200 },
  'POST /api/account/v1/2fa/disable': { payload: () => ({ password: PASSWORD, code: '123456' }), status: 400 },
  'GET /api/account/v1/sessions': { status: 200 },
  'DELETE /api/account/v1/sessions/:uuid': { status: 404 },
  'GET /api/account/v1/api-keys': { status: 200 },
  'POST /api/account/v1/api-keys': { payload: () => ({ name: 'Matrix' }), status: 200 },
  'DELETE /api/account/v1/api-keys/:uuid': { status: 404 },
  'GET /api/account/v1/payment-methods': { status: 200 },
  'PUT /api/account/v1/payment-methods': {
    payload: () => ({ payment_methods: [{ system: 'btc', details: 'bc1q', priority: 1 }], password: PASSWORD }),
    status: 200,
  },
  'GET /api/lead/v1/check': { status: 200 },
};

const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;
const send = async (e: Endpoint, role: Role | null) => {
  const sample = SAMPLES[keyOf(e)];
  const token = role ? await sessionFor(t.db, users[role].id) : undefined;
  const url = e.path.replace(/:\w+/g, () => randomUUID()) + (sample?.query ?? '');
  return call(t.app, e.method, url, { token, payload: sample?.payload?.(), ip: randomIp() });
};
/** The exact status when the endpoint has a sample; else any answer that is not an access refusal or a server error. */
const expectAllowed = (e: Endpoint, res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).not.toBe(401);
  expect(res.statusCode, res.body).not.toBe(403);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const sample = SAMPLES[keyOf(e)];
  if (sample) expect(res.statusCode, res.body).toBe(sample.status);
};

let affiliateKey: Promise<string> | undefined;
/** One lead API key of the matrix affiliate, made through the API as an affiliate would. */
const keyOfAffiliate = () =>
  (affiliateKey ??= (async () => {
    const res = await call(t.app, 'POST', '/api/account/v1/api-keys', {
      token: await sessionFor(t.db, users.affiliate.id),
      payload: { name: 'matrix' },
    });
    return res.json().data.key as string;
  })());

/** 'api_key' endpoints: only an affiliate's X-Api-Key opens them; no session token of any role does. */
const apiKeyCases = (e: Endpoint) => {
  const INVALID_KEY = { status: 'error', data: null, error: { api_key: 'Invalid API key' } };
  const withKey = (key?: string) =>
    call(t.app, e.method, e.path.replace(/:\w+/g, () => randomUUID()) + (SAMPLES[keyOf(e)]?.query ?? ''), {
      payload: SAMPLES[keyOf(e)]?.payload?.(),
      headers: key ? { 'x-api-key': key } : {},
      ip: randomIp(),
    });
  it('refuses a request without a key with 401 {api_key}', async () => {
    const res = await withKey();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_KEY);
  });
  it.each([...ROLES])('role %s: a session token is not a key (401)', async (role) => {
    const res = await send(e, role);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual(INVALID_KEY);
  });
  it("an affiliate's valid key passes", async () => {
    expectAllowed(e, await withKey(await keyOfAffiliate()));
  });
};

describe('endpoint × role access matrix', () => {
  it('covers a contract that has endpoints, including every sampled one', () => {
    expect(allEndpoints.length).toBeGreaterThan(0);
    for (const key of Object.keys(SAMPLES)) expect(allEndpoints.map(keyOf), key).toContain(key);
  });

  describe.each(allEndpoints.map((e) => [keyOf(e), e] as const))('%s', (_key, endpoint) => {
    if (endpoint.roles === 'api_key') return apiKeyCases(endpoint);
    if (endpoint.roles === 'public') {
      it('answers without a token', async () => {
        expectAllowed(endpoint, await send(endpoint, null));
      });
    } else {
      it('refuses a request without a token with 401', async () => {
        const res = await send(endpoint, null);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 'error', data: null, error: { auth: expect.any(String) } });
      });
    }

    it.each([...ROLES])('role %s: allowed roles pass, others get 403', async (role) => {
      const res = await send(endpoint, role);
      const allowed = endpoint.roles === 'public' || endpoint.roles.includes(role);
      if (allowed) {
        expectAllowed(endpoint, res);
        if (res.statusCode === 200) expect(res.json()).toMatchObject({ status: 'success', error: null });
      } else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({
          status: 'error',
          data: null,
          error: { access: "Access forbidden. You don't have permission." },
        });
      }
    });
  });
});

/** `METHOD /path` of every route, from Fastify's route tree (children are printed under their parent's prefix). */
const registeredRoutes = (tree: string) => {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack.push(path);
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) found.push(`${method} ${path}`);
  }
  return found;
};

describe('every /api route is a contract endpoint', () => {
  it('registers exactly the endpoints of allEndpoints under /api (docs aside)', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('GET /healthz');
    const api = routes.filter((r) => r.split(' ')[1].startsWith('/api/') && !r.split(' ')[1].startsWith('/api/docs'));
    expect(api.sort()).toEqual(allEndpoints.map(keyOf).sort());
    for (const e of allEndpoints) expect(t.app.hasRoute({ method: e.method, url: e.path }), keyOf(e)).toBe(true);
  });

  it('refuses to register an /api route that has no contract endpoint', async () => {
    const { app } = await buildApp({
      db: t.db,
      config: loadConfig({ NODE_ENV: 'test' }),
      distDir: '/nonexistent',
      secretKey: 'test-secret-key-0123456789',
    });
    try {
      expect(() => app.get('/api/x', async () => ({}))).toThrow('unguarded endpoint GET /api/x');
      // A contract endpoint's config does not cover another path or method.
      expect(() =>
        app.route({
          method: 'POST',
          url: '/api/auth/v1/login-copy',
          config: { endpoint: authApi.login },
          handler: async () => ({}),
        }),
      ).toThrow('unguarded endpoint POST /api/auth/v1/login-copy');
      expect(() =>
        app.route({
          method: 'DELETE',
          url: '/api/auth/v1/me',
          config: { endpoint: authApi.me },
          handler: async () => ({}),
        }),
      ).toThrow('unguarded endpoint DELETE /api/auth/v1/me');
      // A contract path registered without its endpoint config (so without role checks) is refused too.
      expect(() => app.route({ method: 'GET', url: '/api/auth/v1/me', handler: async () => ({}) })).toThrow(
        'unguarded endpoint GET /api/auth/v1/me',
      );
      // Routes outside /api are not endpoints and stay allowed.
      expect(() => app.get('/ping', async () => 'pong')).not.toThrow();
    } finally {
      await app.close();
    }
  });
});
