import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { errorEnvelopeSchema } from '@pxl/contract';
import { allEndpoints } from '@pxl/contract/endpoints';
import { createTestApp, type TestApp } from './harness.ts';
import { randomIp } from './factories.ts';
import {
  createRandom,
  encode,
  encodeBody,
  jsonValue,
  mutateBody,
  queryString,
  TEXTS,
  type Random,
} from './fuzz-input.ts';
import { users } from '../src/db/schema.ts';
import { createLeadWorld, leadBody, type LeadWorld } from '../src/modules/leads/leads.fixtures.ts';
import { click, clickIdOf, clickWorld } from '../src/modules/tracking/click.fixtures.ts';
import { postbackTokenColumns } from '../src/modules/advertisers/index.ts';

// Malformed requests from a seeded generator: every answer stays below 500 and every /api refusal is the error
// envelope. FUZZ_SEED=<n> replays a run; FUZZ_COUNT=<n> sends more.
const SEED = Number(process.env.FUZZ_SEED ?? 14_2026);
const COUNT = Number(process.env.FUZZ_COUNT ?? 5000);
const TOKEN = 'fuzz-postback-token-0123456789';

let t: TestApp;
let w: LeadWorld;
let known: { offerIds: number[]; uuids: string[]; clickIds: string[]; offerUuid: string };
beforeAll(async () => {
  t = await createTestApp();
  w = await createLeadWorld(t);
  const api = await w.offer([]);
  const cw = await clickWorld(t.app, t.db);
  const direct = await cw.offer();
  await t.db.update(users).set(postbackTokenColumns(TOKEN)).where(eq(users.id, cw.advA.id));
  const clickIds = [];
  for (let i = 0; i < 3; i++)
    clickIds.push(clickIdOf((await click(t.app, `/click/${direct.id}?aff=${cw.affA.id}`)).headers.location as string)!);
  known = {
    offerIds: [api.id, direct.id],
    uuids: [w.affA.id, w.advA.id, api.uuid, direct.uuid, w.managerA.id],
    clickIds,
    offerUuid: direct.uuid,
  };
});
afterAll(async () => {
  await t?.close();
});

const keysOf = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
const listEndpoints = allEndpoints.filter(
  (e) => e.method === 'GET' && Array.isArray(e.roles) && keysOf(e.query).length > 0,
);
/** Writes, but none that signs the fuzzing users out, blocks them or calls out to the network. */
const writeEndpoints = allEndpoints.filter(
  (e) =>
    e.method !== 'GET' &&
    Array.isArray(e.roles) &&
    !/password|2fa|sessions|api-key|status|logout|test-api|postbacks\/v1\/test|\/check|resend/.test(e.path),
);

type Request = InjectOptions & { url: string };

/** One malformed request of one family; the families cover the lead API, inbound postbacks, clicks and the panel's lists. */
const nextRequest = (r: Random): Request => {
  const ip = randomIp();
  const family = r.int(11);
  if (family <= 2) {
    const key = r.pick([w.keyA, w.keyA, 'pk_wrong', '', 'a\u0000b', 'x'.repeat(500)]);
    const { payload, headers } = encodeBody(r, mutateBody(r, leadBody(r.pick(known.offerIds)), known.offerIds));
    const statusKeys = ['from', 'to', 'offer_id', 'lead_ids', 'page', 'count'];
    if (r.chance(0.15))
      return {
        method: 'GET',
        url: `/api/lead/v1/statuses?${queryString(r, statusKeys, { offer_id: known.offerIds.map(String) })}`,
        headers: { 'x-api-key': key },
        remoteAddress: ip,
      };
    return {
      method: 'POST',
      url: '/api/lead/v1/create',
      payload,
      headers: {
        ...headers,
        ...(r.chance(0.85) && { 'x-api-key': key }),
        ...(r.chance(0.1) && { 'idempotency-key': r.pick(TEXTS).slice(0, 300) }),
      },
      remoteAddress: ip,
    };
  }
  const postbackKnown = {
    click_id: known.clickIds,
    token: [TOKEN],
    status: ['approved', 'rejected', 'hold', 'pending'],
    revenue: ['12.50', '1000000', '1000000.01'],
  };
  if (family === 3) {
    const base = {
      click_id: r.pick(known.clickIds),
      token: TOKEN,
      goal: r.pick(['registration', 'ftd']),
      txid: `t${r.int(50)}`,
    };
    const q = queryString(r, ['click_id', 'goal', 'status', 'revenue', 'txid', 'token'], postbackKnown, base);
    if (r.chance(0.5)) return { method: 'GET', url: `/postback?${q}`, remoteAddress: ip };
    return r.chance(0.5)
      ? {
          method: 'POST',
          url: '/postback',
          payload: q,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: ip,
        }
      : {
          method: 'POST',
          url: '/postback',
          ...encodeBody(r, {
            click_id: r.pick(known.clickIds),
            token: TOKEN,
            revenue: jsonValue(r),
            txid: jsonValue(r),
          }),
          remoteAddress: ip,
        };
  }
  if (family === 4) {
    const offer = r.chance(0.7) ? String(r.pick(known.offerIds)) : encode(r.pick(TEXTS).slice(0, 200));
    const q = queryString(r, ['aff', 'sub1', 'sub2', 'sub5', 'lp', 'c'], { aff: [w.affA.id] }, { aff: w.affA.id });
    return {
      method: 'GET',
      url: `/click/${offer}?${q}`,
      headers: { 'user-agent': r.pick(TEXTS).slice(0, 2000) },
      remoteAddress: ip,
    };
  }
  if (family === 5) {
    const e = r.pick(writeEndpoints);
    const valid = Object.fromEntries(keysOf(e.body).map((k) => [k, jsonValue(r, known.uuids)]));
    const path = e.path
      .replace(/:(uuid|product)/g, () => (r.chance(0.8) ? r.pick(known.uuids) : encode(r.pick(TEXTS).slice(0, 80))))
      .replace(':id', String(r.pick(known.offerIds)));
    const { payload, headers } = encodeBody(r, mutateBody(r, valid, known.uuids));
    const token = r.pick([w.admin.token, w.affA.token, w.managerA.token]);
    return {
      method: e.method,
      url: path,
      payload,
      headers: { ...headers, 'pxl-authorization': token },
      remoteAddress: ip,
    };
  }
  const e = r.pick(listEndpoints);
  const path = e.path
    .replace(':uuid', r.chance(0.7) ? r.pick(known.uuids) : encode(r.pick(TEXTS).slice(0, 80)))
    .replace(':id', r.chance(0.7) ? String(r.pick(known.offerIds)) : encode(r.pick(TEXTS).slice(0, 80)));
  const values = {
    offer: [known.offerUuid],
    affiliate: [w.affA.id],
    tz: ['Europe/Kyiv', 'Asia/Kolkata'],
    group: ['day', 'offer,geo', 'sub1', 'hour'],
  };
  const token = r.pick([w.admin.token, w.admin.token, w.affA.token, w.managerA.token, w.advA.token]);
  const base: Record<string, string> = e.path.startsWith('/api/statistic/')
    ? { date_from: '2026-01-01', date_to: '2026-01-31' }
    : {};
  return {
    method: 'GET',
    url: `${path}?${queryString(r, keysOf(e.query), values, base)}`,
    headers: { 'pxl-authorization': token },
    remoteAddress: ip,
  };
};

const describeRequest = (i: number, q: Request) =>
  `seed ${SEED} request #${i}: ${q.method} ${q.url.slice(0, 400)} headers=${JSON.stringify(q.headers ?? {}).slice(0, 300)} payload=${String(q.payload ?? '').slice(0, 400)}`;

/** What is wrong with an answer, or null. */
const problemOf = (q: Request, status: number, body: string) => {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (!q.url.startsWith('/api/') || status < 400) return null;
  try {
    const parsed = errorEnvelopeSchema.safeParse(JSON.parse(body));
    return parsed.success && Object.keys(parsed.data.error).length > 0
      ? null
      : `${status} without the error envelope: ${body.slice(0, 300)}`;
  } catch {
    return `${status} is not JSON: ${body.slice(0, 300)}`;
  }
};

describe('fuzz', () => {
  it(`${COUNT} malformed requests (seed ${SEED}) are all refused or served below 500, with the envelope on /api`, async () => {
    const r = createRandom(SEED);
    const requests = Array.from({ length: COUNT }, () => nextRequest(r));
    const problems: string[] = [];
    const byClass: Record<string, number> = {};
    // A few at a time, as clients would, without swamping the test database's five connections.
    for (let i = 0; i < requests.length; i += 8) {
      const batch = requests.slice(i, i + 8);
      const answers = await Promise.all(batch.map((q) => t.app.inject(q)));
      answers.forEach((res, j) => {
        byClass[`${Math.floor(res.statusCode / 100)}xx`] = (byClass[`${Math.floor(res.statusCode / 100)}xx`] ?? 0) + 1;
        const problem = problemOf(batch[j], res.statusCode, res.body);
        if (problem) problems.push(`${describeRequest(i + j, batch[j])} → ${problem}`);
      });
    }
    expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);
    // Not everything may bounce off the first check: a good share has to reach the handlers and the database.
    expect((byClass['2xx'] ?? 0) + (byClass['3xx'] ?? 0), JSON.stringify(byClass)).toBeGreaterThan(COUNT / 10);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
