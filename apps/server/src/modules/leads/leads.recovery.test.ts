import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { leadsApi } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { apiKeys, leadAttempts, leadIdempotency, leads } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { requestHash } from './idempotency.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

// What a process that died mid-request leaves behind: an Idempotency-Key claimed and never answered, a lead
// `processing` with a send in flight. Both are written here directly, as the dead process would have left them.

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let apiKeyId: string;
const secrets = createSecrets('test-secret-key-0123456789');

beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  [{ id: apiKeyId }] = await t.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, w.affA.id));
});
afterAll(() => stop?.());

const claimOf = async (key: string) =>
  (await t.db.select().from(leadIdempotency).where(eq(leadIdempotency.key, key)))[0];
const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, what: string) => {
  for (const deadline = Date.now() + 30_000; ;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A process starting on the same database (the recovery sweep runs when it is ready). */
const restart = async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://unused/db',
    ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
  });
  const { app } = await buildApp({
    db: t.db,
    config,
    distDir: '/nonexistent',
    secretKey: 'test-secret-key-0123456789',
    jobs: { start: false },
  });
  await app.ready();
  return app;
};

describe('Idempotency-Key claims of a stopped process', () => {
  it('takes over a claim its owner stopped renewing, runs the lead once and keeps the answer for replays', async () => {
    const b = buyers.add('accept');
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    const body = leadBody(offer.id);
    const key = `dead-${randomUUID()}`;
    await t.db.insert(leadIdempotency).values({
      apiKeyId,
      key,
      requestHash: requestHash(leadsApi.createLead.body!.parse(body)),
      aliveAt: sql`now() - interval '5 minutes'`,
    });
    const first = await sendLead(t, w.keyA, body, { 'idempotency-key': key });
    expect(first.status, first.body).toBe(200);
    expect(first.json.data.status).toBe('accepted');
    expect((await claimOf(key)).statusCode).toBe(200);
    // Each send is marked on the lead before it goes out, which is what a later recovery reads.
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, first.json.data.lead_id));
    expect([lead.sendingAttemptId, lead.sendingProductId]).toEqual([lead.acceptedAttemptId, lead.productId]);
    const again = await sendLead(t, w.keyA, body, { 'idempotency-key': key });
    expect(again.body).toBe(first.body);
    expect(b.received).toHaveLength(1);
  });

  it('a replay waiting on a claim of this process waits on it, not on the table', async () => {
    const b = buyers.add('slow', { delayMs: 1500 });
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    const body = leadBody(offer.id);
    const key = `wait-${randomUUID()}`;
    const pool = t.hotDb.$client;
    const original = pool.query.bind(pool);
    let reads = 0;
    pool.query = ((...args: Parameters<typeof original>) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (/lead_idempotency/.test(text)) reads++;
      return original(...args);
    }) as typeof pool.query;
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sendLead(t, w.keyA, body, { 'idempotency-key': key })),
      );
      for (const a of answers) expect(a.body).toBe(answers[0].body);
      expect(answers[0].json.data.status).toBe('accepted');
    } finally {
      pool.query = original;
    }
    // The winner's claim and its stored answer; the four replays waited in the process. Polling every 50 ms through
    // the slow send would be five inserts and some 120 reads.
    expect(reads).toBeLessThanOrEqual(4);
    expect(b.received).toHaveLength(1);
  });

  it('a replay waiting on a claim of another process reads it at a growing interval, then replays its answer', async () => {
    const body = leadBody(1);
    const key = `other-${randomUUID()}`;
    await t.db
      .insert(leadIdempotency)
      .values({ apiKeyId, key, requestHash: requestHash(leadsApi.createLead.body!.parse(body)) });
    const pool = t.hotDb.$client;
    const original = pool.query.bind(pool);
    const reads: number[] = [];
    pool.query = ((...args: Parameters<typeof original>) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (/^select .* from "lead_idempotency"/is.test(text)) reads.push(performance.now());
      return original(...args);
    }) as typeof pool.query;
    try {
      const pending = sendLead(t, w.keyA, body, { 'idempotency-key': key });
      await until(
        async () => reads.length,
        (n) => n >= 5,
        'five reads',
      );
      const answer = { lead_id: randomUUID(), status: 'accepted', autologin_url: null };
      await t.db.update(leadIdempotency).set({ statusCode: 200, response: answer }).where(eq(leadIdempotency.key, key));
      const res = await pending;
      expect([res.status, res.json.data]).toEqual([200, answer]);
    } finally {
      pool.query = original;
    }
    // Timers never fire early: each pause is at least 50 ms doubling (a little slack for clock rounding).
    const gaps = reads.slice(1, 5).map((at, i) => at - reads[i]);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(50 * 2 ** i - 2));
  });
});

describe('leads a stopped process left processing', () => {
  /** A lead as the dead process left it: stored, sent to `to` (attempt id `sending`) and never settled. */
  const stuckLead = async (offerUuid: string, productUuid: string, sending: string) => {
    const body = leadBody(0);
    const [lead] = await t.db
      .insert(leads)
      .values({
        offerId: offerUuid,
        affiliateId: w.affA.id,
        country: 'DE',
        firstName: 'Anna',
        lastName: 'Schmidt',
        email: body.email as string,
        phone: body.phone as string,
        ip: '46.4.0.1',
        passwordEnc: secrets.encrypt('Secret123'),
        status: 'processing',
        sendingAttemptId: sending,
        sendingProductId: productUuid,
        updatedAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    return lead;
  };
  const world = async (lookup: 'found' | 'missing' | 'unsure') => {
    const b1 = buyers.add('accept', { lookup });
    const b2 = buyers.add('accept');
    const p1 = await w.product(b1);
    const p2 = await w.product(b2);
    const offer = await w.offer([
      { product_uuid: p1, priority: 1 },
      { product_uuid: p2, priority: 2 },
    ]);
    const sending = randomUUID();
    return { b1, b2, p1, p2, sending, lead: await stuckLead(offer.uuid, p1, sending) };
  };
  const attempts = async (id: string) =>
    (await t.db.select().from(leadAttempts).where(eq(leadAttempts.leadId, id)).orderBy(leadAttempts.position)).map(
      (a) => [a.productId, a.result],
    );

  it('at start: found by the lookup → accepted there; surely missing → the next product; cannot tell → unknown; none sent twice', async () => {
    const [found, missing, unsure] = [await world('found'), await world('missing'), await world('unsure')];
    // The first buyer of `found` has the send the dead process made.
    found.b1.registered.set(found.sending, 'ext-from-dead-send');

    const app = await restart();
    try {
      const read = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];
      const all = () => Promise.all([found, missing, unsure].map((x) => read(x.lead.id)));
      const settled = await until(all, (ls) => ls.every((l) => l.status !== 'processing'), 'the sweep');
      expect(settled.map((l) => [l.status, l.productId, l.externalId])).toEqual([
        ['accepted', found.p1, 'ext-from-dead-send'],
        ['accepted', missing.p2, expect.any(String)],
        ['unknown', null, null],
      ]);
    } finally {
      await app.close();
    }
    expect(await attempts(found.lead.id)).toEqual([[found.p1, 'timeout']]);
    expect(await attempts(missing.lead.id)).toEqual([
      [missing.p1, 'timeout'],
      [missing.p2, 'accepted'],
    ]);
    expect(await attempts(unsure.lead.id)).toEqual([[unsure.p1, 'timeout']]);
    // Each first buyer was asked about the dead send, never sent it again; only `missing` went on to its second buyer.
    for (const x of [found, missing, unsure]) expect([x.b1.lookups, x.b1.received.length]).toEqual([[x.sending], 0]);
    expect([found.b2, missing.b2, unsure.b2].map((b) => b.received.length)).toEqual([0, 1, 0]);
  });

  it('leaves alone a lead whose send is younger than a send can last', async () => {
    const x = await world('missing');
    await t.db
      .update(leads)
      .set({ updatedAt: sql`now()` })
      .where(eq(leads.id, x.lead.id));
    const app = await restart();
    await app.close();
    expect((await t.db.select().from(leads).where(eq(leads.id, x.lead.id)))[0].status).toBe('processing');
    expect(x.b1.lookups).toEqual([]);
  });

  it('at start, keys past their day are pruned', async () => {
    const key = `old-${randomUUID()}`;
    await t.db.insert(leadIdempotency).values({
      apiKeyId,
      key,
      requestHash: 'x',
      statusCode: 200,
      response: {},
      createdAt: sql`now() - interval '25 hours'`,
    });
    const app = await restart();
    try {
      await until(
        () => claimOf(key),
        (row) => row === undefined,
        'the prune',
      );
    } finally {
      await app.close();
    }
  });
});
