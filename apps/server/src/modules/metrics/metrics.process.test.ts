import { get } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '#test/harness.ts';
import { childServer } from '#test/child-server.ts';

// The server as `npm start` runs it, in a child process: the stop signal and several workers are process matters.
type Family = { name: string; metrics: { value?: string; labels?: Record<string, string> }[] };
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];
const TOKEN = 'metrics-token-0123456789';

const children: Awaited<ReturnType<typeof childServer>>[] = [];
afterAll(async () => {
  for (const c of children) await c.stop();
});

/** A GET on a new connection (fetch would keep one alive and so stay with one worker). */
const freshStatus = (url: string) =>
  new Promise<number>((resolve) => {
    const req = get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

describe('the stop signal', () => {
  it('turns /readyz to 503 first while the server still answers, for READY_DRAIN_MS', async () => {
    // A drain far longer than the test: the server must be seen not ready and still serving, then it is killed.
    const child = await childServer('readyz', { READY_DRAIN_MS: '120000' });
    children.push(child);
    await child.start();
    expect(await status(`${child.url}/readyz`)).toBe(200);
    child.send('SIGTERM');
    await until(
      () => status(`${child.url}/readyz`),
      (s) => s === 503,
      '/readyz to say 503 after SIGTERM',
    );
    expect(await status(`${child.url}/healthz`)).toBe(200);
    await child.kill9();
  });
});

describe('several workers', () => {
  it('answer a scrape with the whole cluster: every worker’s requests summed', async () => {
    const child = await childServer('metrics-cluster', { WORKERS: '2', METRICS_TOKEN: TOKEN });
    children.push(child);
    await child.start();
    // Each on a connection of its own, which the cluster's round robin hands to the workers in turn: each worker
    // serves about half, so a scrape answered per process would count about half of them.
    const n = 20;
    for (let i = 0; i < n; i += 1) expect(await freshStatus(`${child.url}/readyz`)).toBe(200);
    const counted = async () => {
      const res = await fetch(`${child.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const requests = parsePrometheus(await res.text()).find((f) => f.name === 'pxl_http_requests_total');
      const other = requests?.metrics.find((m) => m.labels?.area === 'other' && m.labels.status_class === '2xx');
      return Number(other?.value ?? 0);
    };
    // Twice: whichever worker takes the scrape, it answers for both.
    expect(await counted()).toBeGreaterThanOrEqual(n);
    expect(await counted()).toBeGreaterThanOrEqual(n);
  });
});
