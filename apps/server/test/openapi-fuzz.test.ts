import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { errorEnvelopeSchema, successEnvelopeSchema } from '@pxl/contract';
import { z } from 'zod';
import { createTestWorld, type TestApp } from './harness.ts';
import { randomIp, sessionFor } from './factories.ts';
import { createRandom, type Random } from './fuzz-input.ts';
import { createLeadWorld, type LeadWorld } from '../src/modules/leads/leads.fixtures.ts';
import { makeOffer } from '../src/modules/offers/offers.fixtures.ts';

// Every operation of the served OpenAPI document, as every kind of caller, with hostile input: never a 5xx, every
// answer under /api in the envelope, and every status one the document lists for that operation. The operations come
// from the document, so a new endpoint is fuzzed the day it is added. FUZZ_SEED=<n> replays another draw.
const SEED = Number(process.env.FUZZ_SEED ?? 2026_05);

type Schema = Record<string, any>;
type Operation = { method: string; path: string; op: Schema };
type Identity = 'nobody' | 'affiliate' | 'advertiser' | 'manager' | 'admin';
const IDENTITIES: Identity[] = ['nobody', 'affiliate', 'advertiser', 'manager', 'admin'];

let t: TestApp;
let w: LeadWorld;
let doc: Schema;
let known: { uuids: string[]; offerIds: string[] };
beforeAll(async () => {
  ({ t, w } = await createTestWorld(createLeadWorld));
  const offer = await makeOffer(t.app, w);
  known = { uuids: [w.affA.id, w.advA.id, offer.uuid, w.managerA.id], offerIds: [String(offer.id)] };
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = (): Operation[] =>
  Object.entries(doc.paths as Record<string, Schema>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

const deref = (s: Schema | undefined): Schema | undefined =>
  s?.$ref ? deref(doc.components?.schemas?.[String(s.$ref).split('/').pop()!]) : s;
const paramsOf = (o: Operation, where: 'path' | 'query') =>
  ((o.op.parameters ?? []) as Schema[])
    .filter((p) => p.in === where)
    .map((p) => ({ name: p.name as string, schema: deref(p.schema) ?? {} }));
const bodySchemaOf = (o: Operation) => deref(o.op.requestBody?.content?.['application/json']?.schema);
const kindOf = (s: Schema): string =>
  s.type ?? (s.anyOf ?? s.oneOf)?.map((x: Schema) => kindOf(deref(x) ?? {}))[0] ?? 'any';

/** A value the schema takes, so that only the hostile part of a request is wrong. */
const plausible = (r: Random, s: Schema = {}): unknown => {
  if (s.enum) return r.pick(s.enum);
  if (s.format === 'uuid') return r.pick(known.uuids);
  switch (kindOf(s)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'a';
  }
};

const HUGE = 'x'.repeat(10_000);
const ESCAPED_SURROGATE = '%ED%A0%80';
/** What a hostile client sends in place of a field, by the field's kind. */
const wrongFor = (r: Random, s: Schema): unknown[] => {
  const kind = kindOf(s);
  const common = ['a\u0000b', '\ud800', HUGE, null, { nested: 'a\u0000' }, [1, 'x']];
  if (kind === 'integer' || kind === 'number') return [...common, -1, -2147483649, 2147483648, 1e308, 'NaN', 1.5];
  if (kind === 'boolean') return [...common, 'true', 0];
  if (kind === 'array') return [...common, 'x', [HUGE], Array.from({ length: 300 }, () => r.pick(['a', '\u0000']))];
  return [...common, 12, true, [], '2026-02-31', 'Mars/Phobos', '__proto__'];
};
const queryWrongs = ['%00', 'a%00b', ESCAPED_SURROGATE, '%zz', 'x'.repeat(5000), '-1', '2147483648', '1e400', '[]', ''];

type Request = InjectOptions & { url: string; method: string };

/** The hostile requests of one operation, without credentials: about a dozen, drawn from the seed. */
const requestsOf = (r: Random, o: Operation): Request[] => {
  const headers: Record<string, string> = {};
  const pathParams = paramsOf(o, 'path');
  const query = paramsOf(o, 'query');
  const body = bodySchemaOf(o);
  const takesBody = !!o.op.requestBody;
  const urlOf = (params: Record<string, string> = {}, q = '') =>
    o.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name in params
        ? params[name]
        : /id$/i.test(name) && name !== 'uuid' && !/uuid/i.test(name)
          ? r.pick(known.offerIds)
          : randomUUID(),
    ) + (q ? `?${q}` : '');
  const validBody = () =>
    Object.fromEntries(
      ((body?.required ?? []) as string[]).map((k) => [k, plausible(r, deref(body!.properties?.[k]))]),
    );
  const json = (payload: unknown) => ({
    payload: JSON.stringify(payload),
    headers: { ...headers, 'content-type': 'application/json' },
  });
  const base = { method: o.method, remoteAddress: randomIp() };
  const out: Request[] = [];

  if (pathParams.length) {
    const p = r.pick(pathParams).name;
    for (const bad of ['%00', 'a%00b', ESCAPED_SURROGATE, 'a'.repeat(10_000), '-1', '99999999999999999999'])
      out.push({ ...base, url: urlOf({ [p]: bad }), headers, ...(takesBody && json(validBody())) });
  }
  if (query.length) {
    for (let i = 0; i < 3; i++) {
      const p = r.pick(query);
      out.push({ ...base, url: urlOf({}, `${encodeURIComponent(p.name)}=${r.pick(queryWrongs)}`), headers });
    }
    out.push({ ...base, url: urlOf({}, 'page=0&count=-1&__proto__=x&extra=%00'), headers });
  }
  if (takesBody) {
    const props = Object.entries((body?.properties ?? {}) as Record<string, Schema>);
    for (let i = 0; i < Math.min(4, Math.max(1, props.length)); i++) {
      const payload: Record<string, unknown> = validBody();
      if (props.length) {
        const [name, s] = r.pick(props);
        payload[name] = r.pick(wrongFor(r, deref(s) ?? {}));
      } else payload[r.pick(['x', 'k\u0000', '__proto__'])] = '\ud800';
      out.push({ ...base, url: urlOf(), ...json(payload) });
    }
    out.push({ ...base, url: urlOf(), headers });
    out.push({
      ...base,
      url: urlOf(),
      payload: r.pick(['{"a":', '[', 'nul\u0000{}', '{"a":"\\ud800"}']),
      headers: { ...headers, 'content-type': 'application/json' },
    });
    out.push({ ...base, url: urlOf(), payload: 'a=1', headers: { ...headers, 'content-type': 'text/plain' } });
    out.push({ ...base, url: urlOf(), ...json(r.pick([[], 'text', 12, null])) });
  }
  if (!out.length) out.push({ ...base, url: urlOf({}, 'x=%00'), headers });
  return out;
};

const isEnvelope = (body: string, status: number) => {
  try {
    const parsed = JSON.parse(body);
    if (status >= 400) {
      const e = errorEnvelopeSchema.safeParse(parsed);
      return e.success && Object.keys(e.data.error).length > 0;
    }
    return successEnvelopeSchema(z.unknown()).safeParse(parsed).success;
  } catch {
    return false;
  }
};

/** What is wrong with an answer, or null. */
const problemOf = (
  o: Operation,
  q: Request,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) => {
  const documented = Object.keys(o.op.responses ?? {});
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (!documented.includes(String(res.statusCode)))
    return `answered ${res.statusCode}, which the document does not list (${documented.join(', ')}): ${res.body.slice(0, 200)}`;
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (q.url.startsWith('/api/') && (res.statusCode >= 400 || json) && !isEnvelope(res.body, res.statusCode))
    return `${res.statusCode} outside the envelope: ${res.body.slice(0, 200)}`;
  return null;
};

describe('hostile input on every documented operation', () => {
  it(`as nobody, an affiliate, an advertiser, a manager and an admin (seed ${SEED})`, async () => {
    const r = createRandom(SEED);
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    const members = { affiliate: w.affA, advertiser: w.advA, manager: w.managerA, admin: w.admin } as const;
    const problems: string[] = [];
    let sent = 0;
    for (const o of ops) {
      const usesKey = (o.op.security ?? []).some((s: Schema) => 'apiKey' in s);
      // A session per operation and caller: a logout among the hostile requests signs out no other operation.
      const headersOf: Record<Identity, Record<string, string>> = { nobody: {} } as never;
      for (const who of IDENTITIES.slice(1))
        headersOf[who] = usesKey
          ? { 'x-api-key': who === 'affiliate' ? w.keyA : 'pk_not_a_key' }
          : { 'pxl-authorization': await sessionFor(t.db, members[who as keyof typeof members].id) };
      // Each hostile request goes out as two callers drawn from the seed: every caller meets every kind of input
      // across the operations, at two fifths of the cost of sending everything as everyone.
      const batch: Request[] = [];
      for (const q of requestsOf(r, o)) {
        const first = r.int(IDENTITIES.length);
        const second = (first + 1 + r.int(IDENTITIES.length - 1)) % IDENTITIES.length;
        for (const who of [IDENTITIES[first], IDENTITIES[second]])
          batch.push({ ...q, remoteAddress: randomIp(), headers: { ...q.headers, ...headersOf[who] } });
      }
      for (let i = 0; i < batch.length; i += 8) {
        const part = batch.slice(i, i + 8);
        const answers = await Promise.all(part.map((q) => t.app.inject(q)));
        answers.forEach((res, j) => {
          const problem = problemOf(o, part[j], res);
          if (problem)
            problems.push(
              `${o.method} ${o.path} ← ${part[j].url.slice(0, 120)} ${String(part[j].payload ?? '').slice(0, 80)} → ${problem}`,
            );
        });
      }
      sent += batch.length;
    }
    const unique = [...new Set(problems.map((p) => p.replace(/ ← .* → /, ' → ')))];
    expect(unique.slice(0, 40), `${problems.length} problems in ${sent} requests`).toEqual([]);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
