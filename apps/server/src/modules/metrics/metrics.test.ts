import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, until, type TestApp } from '#test/harness.ts';
import { startUrlRecorder, type UrlRecorder } from '#test/url-recorder.ts';
import { backupRuns, users } from '../../db/schema.ts';
import { drainBeforeClose } from '../../lib/readiness.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';
import { startBuyers, type Buyers } from '../leads/buyers.fixtures.ts';
import { createLeadWorld, leadBody, sendLead, type LeadWorld } from '../leads/leads.fixtures.ts';
import { api } from '../managers/staff.fixtures.ts';
import { click, clickIdOf, clickWorld, type ClickWorld } from '../tracking/click.fixtures.ts';

// A real Prometheus text-format parser: what a scraper reads, not what this code meant to write.
type Sample = { value?: string; labels?: Record<string, string> };
type Family = { name: string; type: string; help: string; metrics: Sample[] };
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const TOKEN = 'metrics-token-0123456789';
const ADV_TOKEN = 'adv-metrics-token-0123456789';
let t: TestApp, lw: LeadWorld, cw: ClickWorld, buyers: Buyers;
let base: string;
let receiver: UrlRecorder;

beforeAll(async () => {
  receiver = await startUrlRecorder();
  buyers = await startBuyers();
  // Jobs on: the lead's postback to the affiliate is delivered by the real worker.
  ({ t } = await createTestWorld(
    async (app) => {
      lw = await createLeadWorld(app);
      cw = (await clickWorld(app.app, app.db)) as ClickWorld;
    },
    { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true', METRICS_TOKEN: TOKEN },
    { pollingIntervalSeconds: 0.5, postbackRetryDelays: [0] },
  ));
  await t.db.update(users).set(postbackTokenColumns(ADV_TOKEN)).where(eq(users.id, cw.advA.id));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await buyers?.close();
  await receiver?.close();
});

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${base}/metrics`, { headers });
const families = async () => {
  const res = await scrape();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const all = new Map(parsePrometheus(text).map((f) => [f.name, f]));
  // The parser folds a histogram's labelled series into one; without its TYPE line each _count line keeps its labels
  // (as a family of its own per label set, between the bucket lines).
  const counts: Family = { name: 'pxl_http_request_duration_seconds_count', type: 'UNTYPED', help: '', metrics: [] };
  for (const f of parsePrometheus(text.replace(/^# (HELP|TYPE) pxl_http_request_duration_seconds .*\n/gm, '')))
    if (f.name === counts.name) counts.metrics.push(...f.metrics);
  all.set(counts.name, counts);
  return all;
};
/** The value of one series (0 when the series is not there yet). */
const valueOf = (all: Map<string, Family>, name: string, labels: Record<string, string> = {}) => {
  const s = all.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(s?.value ?? 0);
};

describe('GET /metrics', () => {
  it('answers 401 in the envelope without the token or with a wrong one, and the metrics with it', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({
        status: 'error',
        data: null,
        error: { auth: 'Unauthorized. Please log in.' },
      });
    }
    const all = await families();
    expect(all.get('pxl_http_requests_total')?.type).toBe('COUNTER');
    expect(all.get('pxl_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(all.get('process_cpu_seconds_total')?.type).toBe('COUNTER');
    expect(valueOf(all, 'pxl_db_pool_connections', { pool: 'panel', state: 'total' })).toBeGreaterThan(0);
    expect(valueOf(all, 'pxl_ready')).toBe(1);
    // pg-boss's queues are read from its table: the mail sweep's schedule leaves jobs behind.
    expect(all.has('pxl_job_queue_depth')).toBe(true);
    expect(all.has('pxl_mail_outbox')).toBe(true);
  });

  it('moves the counters of a click, an inbound postback and a lead with its buyer and its outbound postback', async () => {
    const before = await families();
    const offer = await cw.offer();
    const res = await click(t.app, `/click/${offer.id}?aff=${cw.affA.id}`, { ip: '46.4.0.1' });
    expect(res.statusCode).toBe(302);
    const clickId = clickIdOf(res.headers.location as string)!;
    const pb = await t.app.inject({ url: `/postback?click_id=${clickId}&goal=registration&token=${ADV_TOKEN}` });
    expect(pb.statusCode, pb.body).toBe(200);
    await t.services.clicks.writer.drain();

    const saved = await api(t.app, 'PUT', '/api/postbacks/v1/settings', lw.affA.token, {
      items: [{ event: 'lead', offer_id: null, url: `${receiver.base}/l` }],
    });
    expect(saved.status, saved.body).toBe(200);
    const buyer = buyers.add('accept');
    const product = await lw.product(buyer);
    const leadOffer = await lw.offer([{ product_uuid: product }]);
    const lead = await sendLead(t, lw.keyA, leadBody(leadOffer.id));
    expect(lead.json.data?.status, lead.body).toBe('accepted');
    await until(
      async () => receiver.hits.length,
      (n) => n > 0,
      'the lead postback delivered',
    );

    const moved = async (name: string, labels: Record<string, string> = {}) => {
      const after = await until(
        families,
        (a) => valueOf(a, name, labels) > valueOf(before, name, labels),
        `${name} ${JSON.stringify(labels)} to move`,
      );
      return valueOf(after, name, labels) - valueOf(before, name, labels);
    };
    expect(await moved('pxl_http_requests_total', { area: 'click', status_class: '3xx' })).toBe(1);
    expect(await moved('pxl_http_request_duration_seconds_count', { area: 'click', status_class: '3xx' })).toBe(1);
    expect(await moved('pxl_http_requests_total', { area: 'postback', status_class: '2xx' })).toBe(1);
    expect(await moved('pxl_http_requests_total', { area: 'lead_api', status_class: '2xx' })).toBe(1);
    expect(await moved('pxl_http_requests_total', { area: 'panel', status_class: '2xx' })).toBeGreaterThan(0);
    expect(await moved('pxl_clicks_stored_total')).toBe(1);
    expect(await moved('pxl_lead_sends_total', { product, result: 'accepted' })).toBe(1);
    expect(await moved('pxl_leads_routed_total', { status: 'accepted' })).toBe(1);
    expect(await moved('pxl_postback_deliveries_total', { result: 'delivered' })).toBe(1);
    // The lead's send is labelled with the product's name too, and no series carries a click id.
    const text = await (await scrape()).text();
    expect(text).toContain(`product_name="${buyer.name}"`);
    expect(text).not.toContain(clickId);
  });
});

describe('the last backup age', () => {
  it('is absent before any successful backup, then the seconds since the newest one', async () => {
    expect((await families()).has('pxl_last_backup_age_seconds')).toBe(true);
    expect((await families()).get('pxl_last_backup_age_seconds')?.metrics).toEqual([]);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.insert(backupRuns).values([
      { trigger: 'scheduled', status: 'ok', startedAt: hourAgo, finishedAt: hourAgo, file: 'a.tar' },
      { trigger: 'manual', status: 'failed', startedAt: new Date(), finishedAt: new Date(), error: 'disk full' },
    ]);
    const age = valueOf(await families(), 'pxl_last_backup_age_seconds');
    expect(age).toBeGreaterThanOrEqual(3600);
    // A failed run is not a backup: the age still counts from the hour-old one (bounded only to stop a hang).
    expect(age).toBeLessThan(3600 + 3600);
  });
});

describe('GET /readyz', () => {
  it('is 200 while serving, and 503 from the start of a stop while requests are still answered', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'success', data: { ready: true }, error: null });

    await drainBeforeClose(t.app, 0);
    const stopping = await fetch(`${base}/readyz`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({
      status: 'error',
      data: null,
      error: { ready: 'The server is stopping' },
    });
    // Still alive and still serving while the load balancer moves away.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const offer = await cw.offer();
    expect((await click(t.app, `/click/${offer.id}?aff=${cw.affA.id}`)).statusCode).toBe(302);
    expect(valueOf(await families(), 'pxl_ready')).toBe(0);
  });
});
