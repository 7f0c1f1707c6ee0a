import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { OfferWorld } from '../offers/offers.fixtures.ts';
import {
  contextOf,
  jsonTemplate,
  leadVars,
  makeProduct,
  SECRET,
  startBuyer,
  startBuyerWorld,
  type Buyer,
} from './integrations.fixtures.ts';
import { pushLead } from './push.ts';

let t: TestApp, w: OfferWorld, buyer: Buyer, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyer, stop } = await startBuyerWorld());
});
afterAll(() => stop?.());
beforeEach(() => {
  buyer.received.length = 0;
});

/** A json product whose push goes to the local buyer; `push`/`answer` replace parts of the json type's template. */
const product = async (
  over: { push?: Record<string, unknown>; answer?: Record<string, unknown>; credentials?: Record<string, string> } = {},
) => {
  const integration = jsonTemplate({
    push: { url: `${buyer.url}/leads?aff={lead_id}&key={credentials.api_key}`, ...over.push },
    ...(over.answer && { answer: over.answer }),
  });
  const p = await makeProduct(t, w.admin, w.advA.id, {
    integration_type: 'json',
    integration,
    credentials: over.credentials ?? { api_key: SECRET, aff: '77' },
  });
  return contextOf(t, p.uuid);
};

const until = async (done: () => boolean, what: string) => {
  for (const deadline = Date.now() + 60_000; !done();) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('pushLead to a JSON buyer', () => {
  it('fills the macros, sends the JSON body, and reads the external id and autologin URL', async () => {
    const ctx = await product();
    buyer.json(201, { success: true, lead_id: 'B-1001', autologin_url: 'https://brand.example/login?t=abc' });
    const vars = leadVars({ first_name: 'Zoë', email: 'zoe+1@mail.test' });
    const out = await pushLead(ctx, vars);
    expect(out).toMatchObject({
      result: 'accepted',
      external_id: 'B-1001',
      autologin_url: 'https://brand.example/login?t=abc',
      message: 'Accepted',
    });
    const [got] = buyer.received;
    expect(got.url).toBe(`/leads?aff=${vars.lead_id}&key=${encodeURIComponent(SECRET)}`);
    expect(got.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toMatchObject({
      first_name: 'Zoë',
      email: 'zoe+1@mail.test',
      aff_lead_id: vars.lead_id,
      password: 'Secret-pass-1',
      sub1: 's1',
      sub2: '',
    });
    // What is recorded is the same request with the credentials masked.
    expect(out.request).toMatchObject({
      method: 'POST',
      url: `${buyer.url}/leads?aff=${vars.lead_id}&key=••••`,
      headers: { Authorization: 'Bearer ••••' },
    });
    expect(JSON.parse(out.request.body)).toEqual(JSON.parse(got.body));
    expect(out.response).toMatchObject({ status_code: 201, error: null });
    expect(out.duration_ms).toBe(out.response.duration_ms);
  });

  it('reads a 200 with an error body as rejected, and as duplicate when the error text says so', async () => {
    const ctx = await product();
    buyer.json(200, { success: false, error: 'Country not supported' });
    expect(await pushLead(ctx, leadVars())).toMatchObject({
      result: 'rejected',
      message: 'Country not supported',
      external_id: null,
      response: { status_code: 200 },
    });
    buyer.json(200, { success: 'false', error: 'Lead is a DUPLICATE of 88' });
    expect(await pushLead(ctx, leadVars())).toMatchObject({
      result: 'duplicate',
      message: 'Lead is a DUPLICATE of 88',
    });
    buyer.json(200, { ok: 1 });
    expect(await pushLead(ctx, leadVars())).toMatchObject({ result: 'rejected', message: 'success is missing' });
  });

  it('reads 4xx as rejected (or duplicate), 5xx and unreadable success answers as errors', async () => {
    const ctx = await product();
    buyer.json(400, { error: 'Invalid phone' });
    expect(await pushLead(ctx, leadVars())).toMatchObject({
      result: 'rejected',
      message: 'Invalid phone',
      response: { status_code: 400 },
    });
    buyer.json(409, { error: 'Email already exists (duplicate)' });
    expect((await pushLead(ctx, leadVars())).result).toBe('duplicate');
    buyer.json(400, { msg: 'Duplicate email' });
    expect(await pushLead(ctx, leadVars())).toMatchObject({
      result: 'duplicate',
      message: '{"msg":"Duplicate email"}',
    });
    buyer.answer((_r, res) => {
      res.writeHead(422).end('plain refusal');
    });
    expect(await pushLead(ctx, leadVars())).toMatchObject({ result: 'rejected', message: 'plain refusal' });
    buyer.json(503, { error: 'maintenance' });
    expect(await pushLead(ctx, leadVars())).toMatchObject({ result: 'error', message: 'HTTP 503: maintenance' });
    buyer.answer((_r, res) => {
      res.writeHead(200).end('<html>OK</html>');
    });
    expect(await pushLead(ctx, leadVars())).toMatchObject({
      result: 'error',
      message: 'HTTP 200 but the answer is not JSON',
    });
    buyer.answer((_r, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    });
    expect(await pushLead(ctx, leadVars())).toMatchObject({ result: 'error', message: 'HTTP 302' });
    expect(buyer.received.filter((r) => r.url.startsWith('/leads'))).toHaveLength(7);
  });

  it('takes custom success codes, success values and paths', async () => {
    const ctx = await product({
      answer: {
        success_status: [202],
        success_path: 'result.state',
        success_values: ['Queued'],
        external_id_path: 'result.id',
        autologin_path: '',
      },
    });
    buyer.json(202, { result: { state: 'queued', id: 7 }, autologin_url: 'https://ignored.example' });
    expect(await pushLead(ctx, leadVars())).toMatchObject({
      result: 'accepted',
      external_id: '7',
      autologin_url: null,
    });
    buyer.json(200, { result: { state: 'queued', id: 8 } });
    expect((await pushLead(ctx, leadVars())).result).toBe('error');
  });

  it('sends a form body when the template says so', async () => {
    const ctx = await product({
      push: {
        body_format: 'form',
        body: { email: '{email}', name: '{first_name} {last_name}', key: '{credentials.api_key}' },
      },
    });
    buyer.json(200, { success: true, lead_id: 'F-1' });
    const out = await pushLead(ctx, leadVars({ email: 'a+b@mail.test', first_name: 'Jo & Co' }));
    expect(out.result).toBe('accepted');
    const got = buyer.received[0];
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(got.body))).toEqual({
      email: 'a+b@mail.test',
      name: 'Jo & Co Schmidt',
      key: SECRET,
    });
    expect(new URLSearchParams(out.request.body).get('key')).toBe('••••');
  });

  it('never records a credential, also when the buyer echoes it back', async () => {
    const ctx = await product({
      push: { headers: { 'X-Key': '{credentials.api_key}', 'X-Aff': '{credentials.aff}' } },
    });
    buyer.answer((req, res) => {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `bad key ${req.headers['x-key']}`, url: req.url }));
    });
    const out = await pushLead(ctx, leadVars());
    expect(buyer.received[0].headers['x-key']).toBe(SECRET);
    expect(out.result).toBe('rejected');
    expect(out.message).toBe('bad key ••••');
    expect(out.request.headers).toMatchObject({ 'X-Key': '••••', 'X-Aff': '••••' });
    const recorded = JSON.stringify(out);
    expect(recorded).not.toContain(SECRET);
    expect(recorded).not.toContain(encodeURIComponent(SECRET));
  });
});

describe('pushLead failures and limits', () => {
  it('a network error is an error; no answer within the timeout is a timeout', async () => {
    const closed = await startBuyer();
    await closed.close();
    const down = await product({ push: { url: `${closed.url}/leads` } });
    const refused = await pushLead(down, leadVars());
    expect(refused).toMatchObject({ result: 'error', response: { status_code: null } });
    expect(refused.message).toMatch(/^Network error: /);

    const slow = await product({ push: { timeout_ms: 500 } });
    buyer.answer((_r, res) => {
      setTimeout(() => res.writeHead(200).end('{"success":true}'), 1500);
    });
    const out = await pushLead(slow, leadVars());
    expect(out).toMatchObject({ result: 'timeout', response: { status_code: null, error: 'No answer within 500 ms' } });
    expect(out.message).toMatch(/may have the lead/);
    expect(out.duration_ms).toBeGreaterThanOrEqual(450);
    expect(out.duration_ms).toBeLessThan(1400);

    // A buyer that sends its headers and then stalls the body is a timeout too.
    buyer.answer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":');
    });
    expect((await pushLead(slow, leadVars())).result).toBe('timeout');
  });

  it('reads only the start of an endless answer and keeps an excerpt', async () => {
    const ctx = await product({ push: { timeout_ms: 5000 } });
    buyer.answer((_r, res) => {
      res.writeHead(503);
      res.write('x'.repeat(3 * 1024 * 1024));
    });
    const out = await pushLead(ctx, leadVars());
    expect(out).toMatchObject({ result: 'error', response: { status_code: 503 } });
    expect(out.response.body).toHaveLength(4000);
    expect(out.message.length).toBeLessThanOrEqual(500);
    expect(out.duration_ms).toBeLessThan(4000);
  });

  it('an answer with NUL bytes (raw or as \\u0000 escapes) comes back storable: none reaches the ids, URL or recorded body', async () => {
    const ctx = await product();
    buyer.answer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        '{"success":true,"lead_id":"B-\\u0000-7","autologin_url":"https://brand.example/l?t=\\u0000x","note":"raw\u0000nul"}',
      );
    });
    const out = await pushLead(ctx, leadVars());
    expect(out).toMatchObject({
      result: 'accepted',
      external_id: 'B--7',
      autologin_url: 'https://brand.example/l?t=x',
    });
    expect(out.response.body).toContain('rawnul');
    // The body keeps the escape as six plain characters, which PostgreSQL stores; no value holds a NUL itself.
    expect(
      JSON.stringify(out, (_k, v: unknown) => (typeof v === 'string' && v.includes('\0') ? 'HAS-NUL' : v)),
    ).not.toContain('HAS-NUL');
  });

  it('holds at most `concurrency` sends in flight per product; the next waits for a slot, then is sent', async () => {
    const ctx = await product({ push: { concurrency: 2 } });
    const release: (() => void)[] = [];
    buyer.answer((_r, res) => {
      release.push(() => res.writeHead(200).end('{"success":true}'));
    });
    const first = [pushLead(ctx, leadVars()), pushLead(ctx, leadVars())];
    await until(() => buyer.received.length === 2, 'two sends at the buyer');
    const third = pushLead(ctx, leadVars());
    await until(() => ctx.slots.waiting(ctx.product.id) === 1, 'the third send to wait');
    expect(buyer.received).toHaveLength(2);
    // Another product is not held up by this one's slots.
    const other = await product();
    buyer.answer((_r, res) => {
      res.writeHead(200).end('{"success":true}');
    });
    expect((await pushLead(other, leadVars())).result).toBe('accepted');
    expect(ctx.slots.waiting(ctx.product.id)).toBe(1);
    release.shift()!();
    expect((await third).result).toBe('accepted');
    release.forEach((r) => r());
    expect((await Promise.all(first)).map((o) => o.result)).toEqual(['accepted', 'accepted']);
    expect(buyer.received).toHaveLength(4);
    await until(() => ctx.slots.inFlight(ctx.product.id) === 0, 'the slots to be given back');
  });

  it('a send that waited as long as its push timeout for a slot is busy, without a call', async () => {
    const ctx = await product({ push: { concurrency: 1, timeout_ms: 500 } });
    let answer = () => {};
    buyer.answer((_r, res) => {
      answer = () => res.writeHead(200).end('{"success":true}');
    });
    // The first send may wait longer than the second: the slot is still held when the second gives up.
    const patient = { ...ctx, template: { ...ctx.template, push: { ...ctx.template.push, timeout_ms: 30_000 } } };
    const first = pushLead(patient, leadVars());
    await until(() => buyer.received.length === 1, 'the first send at the buyer');
    const busy = await pushLead(ctx, leadVars());
    expect(busy).toMatchObject({
      result: 'error',
      message: 'Product busy: 1 sends in flight',
      response: { status_code: null, error: 'Product busy: 1 sends in flight' },
      duration_ms: 0,
    });
    expect(busy.request.url).toContain('key=••••');
    expect(buyer.received).toHaveLength(1);
    answer();
    expect((await first).result).toBe('accepted');
  });

  it('refuses private and loopback targets unless allowed', async () => {
    const ctx = await product();
    const out = await pushLead({ ...ctx, allowPrivate: false }, leadVars());
    expect(out).toMatchObject({ result: 'error', response: { status_code: null } });
    expect(out.message).toMatch(/private or local address/);
    expect(buyer.received).toHaveLength(0);
  });
});
