import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { INTEGRATION_TEMPLATES, type IntegrationTemplateInput } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { conversions, leads, products } from '../../db/schema.ts';
import { QUEUES } from '../../jobs/jobs.ts';
import { insertLeadWithAttempt, leadWorld, makeProduct, testDeps, type LeadWorld } from './lead-status.fixtures.ts';
import { enqueueDuePulls, runPull } from './pull-job.ts';

let t: TestApp;
let lw: LeadWorld;
let deps: ReturnType<typeof testDeps>;
let server: Server;
let base: string;
const KEY = 'buyer-key-5c1f';
/** What the buyer lists, and the requests it got. */
let listed: Record<string, unknown>[] = [];
let failing = false;
const requests: URL[] = [];
const MIN = 60_000;

beforeAll(async () => {
  // A buyer's CRM on loopback: statuses page by page, only with the right key.
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://buyer');
    requests.push(url);
    if (req.headers.authorization !== `Bearer ${KEY}`) return res.writeHead(401).end('{"error":"bad key"}');
    if (failing) return res.writeHead(503).end('down');
    const size = Number(url.searchParams.get('page_size'));
    const page = Number(url.searchParams.get('page'));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ items: listed.slice((page - 1) * size, page * size) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ ALLOW_PRIVATE_POSTBACK_TARGETS: 'true' });
  lw = await leadWorld(t);
  deps = testDeps(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const pullTemplate = (over: Partial<IntegrationTemplateInput['pull']> = {}): IntegrationTemplateInput => ({
  ...INTEGRATION_TEMPLATES.json,
  pull: {
    ...INTEGRATION_TEMPLATES.json.pull,
    interval_minutes: 5,
    page_size: 2,
    call: {
      method: 'GET' as const,
      url: `${base}/statuses?since={since}&page={page}&page_size={page_size}`,
      headers: { Authorization: 'Bearer {credentials.api_key}' },
    },
    ...over,
  },
});
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];

describe('the status pull job', () => {
  it('pages through the buyer, applies every item, moves the window; the next pull overlaps and changes nothing', async () => {
    const productId = await makeProduct(t, lw.w.admin, lw.w.advA.id, {
      integration: pullTemplate(),
      credentials: { api_key: KEY },
      revenue: [{ geo: 'DE', amount: 40_000, currency: 'EUR' }],
    });
    await t.db.execute(sql`insert into offer_products (offer_id, product_id) values (${lw.offerId}, ${productId})`);
    const made = await Promise.all([1, 2, 3].map(() => insertLeadWithAttempt(t, lw.offerId, lw.w.affA.id, productId)));
    listed = [
      { aff_lead_id: made[0].attemptId, status: 'interested', ftd: false },
      { aff_lead_id: made[1].attemptId, status: 'deposit', ftd: true, deposit: '250.00' },
      { aff_lead_id: made[2].attemptId, status: 'no_answer' },
    ];
    requests.length = 0;
    const now = new Date();
    const run = await runPull(deps, productId, now);
    expect(run).toEqual({ pages: 2, summary: { items: 3, changed: 3, unchanged: 0, unmatched: 0, ftds: 1 } });
    expect(requests.map((r) => r.searchParams.get('page'))).toEqual(['1', '2']);
    // The first pull reads 30 days back.
    expect(Date.parse(requests[0].searchParams.get('since')!)).toBe(now.getTime() - 30 * 1440 * MIN);
    const rows = await t.db
      .select()
      .from(leads)
      .where(
        inArray(
          leads.id,
          made.map((m) => m.leadId),
        ),
      );
    expect(made.map((m) => rows.find((r) => r.id === m.leadId)!.callStatus)).toEqual([
      'interested',
      'ftd',
      'no_answer',
    ]);
    expect(await t.db.select().from(conversions).where(eq(conversions.leadId, made[1].leadId))).toMatchObject([
      { goal: 'ftd', revenue: 40_000, payout: 3300 },
    ]);
    expect(await productRow(productId)).toMatchObject({
      pulledUntil: now,
      pullDueAt: new Date(now.getTime() + 5 * MIN),
    });

    requests.length = 0;
    const later = new Date(now.getTime() + 5 * MIN);
    expect(await runPull(deps, productId, later)).toEqual({
      pages: 2,
      summary: { items: 3, changed: 0, unchanged: 3, unmatched: 0, ftds: 0 },
    });
    // Each window starts ten minutes before the last one ended.
    expect(Date.parse(requests[0].searchParams.get('since')!)).toBe(now.getTime() - 10 * MIN);
    expect(await t.db.select().from(conversions).where(eq(conversions.leadId, made[1].leadId))).toHaveLength(1);

    // A buyer that fails: the window stays, the pull is due again after the interval.
    failing = true;
    const failed = await runPull(deps, productId, new Date(later.getTime() + 5 * MIN));
    failing = false;
    expect(failed).toEqual({ error: 'Page 1: HTTP 503' });
    expect(await productRow(productId)).toMatchObject({
      pulledUntil: later,
      pullDueAt: new Date(later.getTime() + 10 * MIN),
    });
  });

  it('the scheduler queues one pull per due product: active, tested, pull on, due; not again while it waits', async () => {
    const make = (integration = pullTemplate()) => makeProduct(t, lw.w.admin, lw.w.advA.id, { integration });
    const [due, due2, later, untested, off, inactive] = await Promise.all([
      make(),
      make(),
      make(),
      make(),
      make(pullTemplate({ enabled: false })),
      make(),
    ]);
    const now = new Date();
    await t.db
      .update(products)
      .set({ pullDueAt: new Date(now.getTime() + MIN) })
      .where(eq(products.id, later));
    await t.db.update(products).set({ testedAt: null }).where(eq(products.id, untested));
    await t.db.update(products).set({ status: 'not_active' }).where(eq(products.id, inactive));
    const mine = [due, due2, later, untested, off, inactive];
    const jobs = async () =>
      (
        await t.db.execute<{ product: string }>(sql`
      select data->>'productId' as product from pgboss.job where name = ${QUEUES.leadPull} and data->>'productId' in ${sql.raw(`('${mine.join("','")}')`)}`)
      ).rows.map((r) => r.product);

    const queued = await enqueueDuePulls(t.db, now);
    expect(queued.filter((id) => mine.includes(id)).sort()).toEqual([due, due2].sort());
    // One job per product: each has its own singleton key.
    expect((await jobs()).sort()).toEqual([due, due2].sort());
    expect((await productRow(due)).pullDueAt).toEqual(new Date(now.getTime() + 5 * MIN));
    expect((await enqueueDuePulls(t.db, now)).filter((id) => mine.includes(id))).toEqual([]);
    // Due again while its job still waits: the product's singleton key keeps it to one.
    await t.db.update(products).set({ pullDueAt: null }).where(eq(products.id, due));
    await enqueueDuePulls(t.db, now);
    expect((await jobs()).sort()).toEqual([due, due2].sort());
  });
});
