import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { conversionHistory, conversions, outboundAttempts, outboundPostbacks, users } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { click, clickIdOf, startClickWorld, type ClickWorld } from '../tracking/click.fixtures.ts';
import { approveDueConversions } from '../tracking/index.ts';
import { deliver } from './outbound.service.ts';
import { sendPostback } from './send-postback.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';

let t: TestApp;
let w: ClickWorld;
let server: Server;
let base: string;
const hits: string[] = [];
let failuresLeft = 0;
const TOKEN = 'adv-a-token-postbacks-0123';

beforeAll(async () => {
  // A receiver on loopback: answers 500 while failuresLeft > 0, then 200 "ok"; /bad answers 404.
  server = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url!.startsWith('/bad')) return res.writeHead(404).end('no such route');
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return res.writeHead(500).end('try later');
    }
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ t, w } = await startClickWorld(
    { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true' },
    { pollingIntervalSeconds: 0.5, postbackRetryDelays: [0, 0, 0, 0, 0] },
  ));
  await t.db.update(users).set(postbackTokenColumns(TOKEN)).where(eq(users.id, w.advA.id));
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const putSettings = (items: unknown[], token = w.affA.token) =>
  api(t.app, 'PUT', '/api/postbacks/v1/settings', token, { items });
const convert = async (offerId: number, query = '') => {
  const res = await click(t.app, `/click/${offerId}?aff=${w.affA.id}&sub1=s-one&sub2=s%20two`, { ip: '46.4.0.1' });
  const clickId = clickIdOf(res.headers.location as string)!;
  const pb = await t.app.inject({
    method: 'GET',
    url: `/postback?click_id=${clickId}&goal=registration&token=${TOKEN}${query}`,
  });
  expect(pb.statusCode, pb.body).toBe(200);
  return { clickId, conversionId: pb.json().data.conversion_id as string };
};
const settled = async (conversionId: string, n = 1) => {
  for (let i = 0; i < 240; i += 1) {
    const rows = await t.db
      .select()
      .from(outboundPostbacks)
      .where(eq(outboundPostbacks.conversionId, conversionId))
      .orderBy(outboundPostbacks.createdAt);
    if (rows.length >= n && rows.every((r) => r.status !== 'pending')) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('postbacks did not settle');
};

describe('outbound postbacks', () => {
  it('fills the macros, retries 5xx and ends delivered with every attempt logged; the offer URL wins over the general one', async () => {
    const offer = await w.offer();
    const other = await w.offer();
    const saved = await putSettings([
      { event: 'conversion', offer_id: null, url: `${base}/general?c={click_id}` },
      {
        event: 'conversion',
        offer_id: offer.id,
        url: `${base}/pb?c={click_id}&v={conversion_id}&o={offer_id}&g={goal}&s={status}&p={payout}&cur={currency}&a={sub1}&b={sub2}&l={lead_id}`,
      },
    ]);
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data.list).toHaveLength(2);
    failuresLeft = 2;
    const { clickId, conversionId } = await convert(offer.id);
    const [pb] = await settled(conversionId);
    expect(pb).toMatchObject({ status: 'delivered', attemptsCount: 3, lastStatusCode: 200, event: 'conversion' });
    expect(pb.url).toBe(
      `${base}/pb?c=${clickId}&v=${conversionId}&o=${offer.id}&g=registration&s=pending&p=15.00&cur=EUR&a=s-one&b=s%20two&l=`,
    );
    const attempts = await t.db
      .select()
      .from(outboundAttempts)
      .where(eq(outboundAttempts.postbackId, pb.id))
      .orderBy(outboundAttempts.at);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(attempts[0].response).toBe('try later');

    const general = await convert(other.id);
    const [pb2] = await settled(general.conversionId);
    expect(pb2.url).toBe(`${base}/general?c=${general.clickId}`);
  });

  it('fails a 4xx at once, and refuses private targets unless allowed', async () => {
    const offer = await w.offer();
    await putSettings([{ event: 'conversion', offer_id: offer.id, url: `${base}/bad?c={click_id}` }]);
    const { conversionId } = await convert(offer.id);
    const [pb] = await settled(conversionId);
    expect(pb).toMatchObject({ status: 'failed', attemptsCount: 1, lastStatusCode: 404 });

    const [row] = await t.db
      .insert(outboundPostbacks)
      .values({ affiliateId: w.affA.id, event: 'conversion', url: `${base}/pb` })
      .returning();
    await deliver(t.db, { id: row.id, try: 0 }, { allowPrivate: false, retryDelaysSeconds: [60] });
    const [after] = await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.id, row.id));
    expect(after).toMatchObject({ status: 'refused', attemptsCount: 1, lastStatusCode: null });
    const [attempt] = await t.db.select().from(outboundAttempts).where(eq(outboundAttempts.postbackId, row.id));
    expect(attempt.error).toMatch(/private or local address/);
    for (const url of [
      'http://127.0.0.1/',
      'http://10.1.2.3/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://localhost/',
      'http://[::ffff:192.168.0.1]/',
    ]) {
      expect((await sendPostback(url, false)).refused, url).toBe(true);
    }
  });

  it('fires status_change postbacks from the hold job, which approves only due pending conversions', async () => {
    const offer = await w.offer();
    await putSettings([{ event: 'status_change', offer_id: null, url: `${base}/status?s={status}&v={conversion_id}` }]);
    const due = await convert(offer.id);
    const later = await convert(offer.id);
    const rejected = await convert(offer.id, '&status=rejected');
    for (const id of [due.conversionId, rejected.conversionId]) {
      await t.db
        .update(conversions)
        .set({ holdUntil: new Date(Date.now() - 1000) })
        .where(eq(conversions.id, id));
    }
    expect(await approveDueConversions(t.db)).toBe(1);
    const status = async (id: string) =>
      (await t.db.select().from(conversions).where(eq(conversions.id, id)))[0].status;
    expect([
      await status(due.conversionId),
      await status(later.conversionId),
      await status(rejected.conversionId),
    ]).toEqual(['approved', 'pending', 'rejected']);
    const [h] = await t.db
      .select()
      .from(conversionHistory)
      .where(eq(conversionHistory.conversionId, due.conversionId))
      .orderBy(conversionHistory.createdAt)
      .offset(1);
    expect(h).toMatchObject({ fromStatus: 'pending', toStatus: 'approved', source: 'hold' });
    const [pb] = await settled(due.conversionId);
    expect(pb).toMatchObject({
      event: 'status_change',
      status: 'delivered',
      url: `${base}/status?s=approved&v=${due.conversionId}`,
    });
  });
});

describe('settings, test send and logs', () => {
  it('validates offers: unknown or private-untrusted numbers are field errors', async () => {
    const priv = await w.offer({ privacy: 'private' });
    const res = await putSettings([
      { event: 'conversion', offer_id: null, url: `${base}/a` },
      { event: 'conversion', offer_id: 999_999, url: `${base}/b` },
      { event: 'status_change', offer_id: priv.id, url: `${base}/c` },
    ]);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error!)).toEqual(['items.1.offer_id', 'items.2.offer_id']);
    const dup = await putSettings([
      { event: 'conversion', offer_id: null, url: `${base}/a` },
      { event: 'conversion', offer_id: null, url: `${base}/b` },
    ]);
    expect(dup.status).toBe(400);
    expect((await api(t.app, 'GET', '/api/postbacks/v1/settings', w.managerA.token)).status).toBe(403);
  });

  it('sends a test postback and returns the answer', async () => {
    const res = await api(t.app, 'POST', '/api/postbacks/v1/test', w.affA.token, {
      url: `${base}/test?c={click_id}&s={status}`,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ status_code: 200, response: 'ok', error: null });
    expect(res.json.data.url).toMatch(/\/test\?c=00000000-0000-4000-8000-000000000001&s=pending$/);
  });

  it('scopes the outbound log, resends in scope only, and scopes the inbound log', async () => {
    const outbound = (token: string, q = '') => api(t.app, 'GET', `/api/postbacks/v1/outbound?count=100${q}`, token);
    const mine = await outbound(w.affA.token);
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json.data.count).toBeGreaterThan(0);
    expect(mine.json.data.list.every((p: { affiliate: { uuid: string } }) => p.affiliate.uuid === w.affA.id)).toBe(
      true,
    );
    const first = mine.json.data.list.find((p: { status: string }) => p.status === 'delivered');
    expect(first.attempts.length).toBeGreaterThan(0);
    expect((await outbound(w.affB.token)).json.data.count).toBe(0);
    expect((await outbound(w.managerB.token)).json.data.count).toBe(0);
    expect((await outbound(w.managerA.token)).json.data.count).toBe(mine.json.data.count);
    expect(
      (await outbound(w.admin.token, '&status=failed')).json.data.list.every(
        (p: { status: string }) => p.status === 'failed',
      ),
    ).toBe(true);
    expect(
      (await outbound(w.admin.token, '&status_code=404')).json.data.list.every(
        (p: { last_status_code: number }) => p.last_status_code === 404,
      ),
    ).toBe(true);

    expect((await api(t.app, 'POST', `/api/postbacks/v1/outbound/${first.uuid}/resend`, w.managerB.token)).status).toBe(
      404,
    );
    const resent = await api(t.app, 'POST', `/api/postbacks/v1/outbound/${first.uuid}/resend`, w.managerA.token);
    expect(resent.status, resent.body).toBe(200);
    for (let i = 0; i < 240; i += 1) {
      const [row] = await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.id, first.uuid));
      if (row.status === 'delivered' && row.attemptsCount === first.attempts_count + 1) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const [row] = await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.id, first.uuid));
    expect(row.attemptsCount).toBe(first.attempts_count + 1);

    const inbound = (token: string) => api(t.app, 'GET', '/api/postbacks/v1/inbound?count=100', token);
    const forA = await inbound(w.managerA.token);
    expect(forA.status, forA.body).toBe(200);
    expect(forA.json.data.count).toBeGreaterThan(0);
    expect(forA.json.data.list[0].params.token).toMatch(/…$/);
    expect((await inbound(w.managerB.token)).json.data.count).toBe(0);
    expect((await inbound(w.affA.token)).status).toBe(403);
  });
});
