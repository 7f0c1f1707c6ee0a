import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, served at GET /metrics (docs/operations.md, "Metrics and alarms"; the choices are in
 * docs/decisions/048-metrics-and-readiness.md). Counters and histograms are moved where things happen, by increments
 * only (no awaits, nothing on the click path that waits); gauges are read when scraped, from the sources each app
 * adds with `addMetricsSource`. Labels stay bounded: areas, status classes, queue names, statuses and the network's
 * own products, never ids of clicks or URLs.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Where a request belongs for the request metrics (areaOf in plugins/request-metrics.ts decides). */
export type RequestArea = 'click' | 'postback' | 'lead_api' | 'panel' | 'other';

export const httpRequests = new Counter({
  name: 'pxl_http_requests_total',
  help: 'Requests answered, by area (click, postback, lead_api, panel, other) and status class (2xx..5xx).',
  labelNames: ['area', 'status_class'] as const,
  registers,
});
export const httpDuration = new Histogram({
  name: 'pxl_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by area and status class.',
  labelNames: ['area', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const clicksStored = new Counter({
  name: 'pxl_clicks_stored_total',
  help: 'Clicks the click writer committed to the database.',
  registers,
});
export const clicksSetAside = new Counter({
  name: 'pxl_clicks_set_aside_total',
  help: 'Clicks the database refused, set aside in rejected_rows with their reason.',
  registers,
});
export const clicksLost = new Counter({
  name: 'pxl_clicks_lost_total',
  help: 'Clicks still unstored when shutdown gave up on the database.',
  registers,
});

export const postbackDeliveries = new Counter({
  name: 'pxl_postback_deliveries_total',
  help: 'Outbound postback attempts by result: delivered, retry (to be tried again), failed (out of tries), refused.',
  labelNames: ['result'] as const,
  registers,
});

export const leadSends = new Counter({
  name: 'pxl_lead_sends_total',
  help: "Lead sends to buyers (products) by the buyer's answer: accepted, rejected, duplicate, error, timeout, caps_full, closed_hours.",
  labelNames: ['product', 'product_name', 'result'] as const,
  registers,
});
export const leadsRouted = new Counter({
  name: 'pxl_leads_routed_total',
  help: 'Leads through the waterfall by where they ended: accepted, failed (no buyer took it), unknown (a buyer timed out).',
  labelNames: ['status'] as const,
  registers,
});

export const jobFailures = new Counter({
  name: 'pxl_job_failures_total',
  help: 'Background job runs that threw (pg-boss runs them again up to their retry limit), by queue.',
  labelNames: ['queue'] as const,
  registers,
});

/** What an app tells the scrape: its pools and click writer (this process) and the database-wide figures. */
export type MetricsSource = {
  pools: Record<string, { totalCount: number; idleCount: number; waitingCount: number }>;
  clickWriter: { pending: number; waiting: number };
  /** Read once per scrape, shared by the gauges below: a bounded query or two on the database. */
  readShared: () => Promise<SharedFigures>;
};
export type SharedFigures = {
  /** Jobs not yet done by queue and state (created, retry, active). */
  jobs: { queue: string; state: string; count: number }[];
  mailOutbox: { status: string; count: number }[];
  /** Seconds since the newest successful backup; null when there is none (or backups are not known here). */
  lastBackupAgeSeconds: number | null;
  ready: boolean;
};

const sources = new Set<MetricsSource>();
/** Adds an app's source for the scrape-time gauges; returns its removal (app close). */
export const addMetricsSource = (s: MetricsSource) => {
  sources.add(s);
  return () => void sources.delete(s);
};

// One read of the shared figures per scrape: prom-client starts every gauge's collect in one pass, so they all join
// the read in flight; once it is done the next scrape reads afresh (never figures from before a change).
let shared: Promise<SharedFigures | null> | null = null;
const readShared = () => {
  const first = sources.values().next().value;
  if (!first) return Promise.resolve(null);
  shared ??= first
    .readShared()
    .catch(() => null)
    .finally(() => {
      shared = null;
    });
  return shared;
};

new Gauge({
  name: 'pxl_click_buffer_clicks',
  help: 'Clicks answered and not yet stored (buffered or being written) in this process; at most 10,000.',
  registers,
  collect() {
    this.set([...sources].reduce((n, s) => n + s.clickWriter.pending, 0));
  },
});
new Gauge({
  name: 'pxl_click_buffer_waiting',
  help: 'Redirects waiting for room in a full click buffer (the database is not keeping up).',
  registers,
  collect() {
    this.set([...sources].reduce((n, s) => n + s.clickWriter.waiting, 0));
  },
});
new Gauge({
  name: 'pxl_db_pool_connections',
  help: 'Database connections of this process by pool (panel, hot) and state (total, idle, waiting = queries waiting for one).',
  labelNames: ['pool', 'state'] as const,
  registers,
  collect() {
    this.reset();
    for (const s of sources)
      for (const [pool, p] of Object.entries(s.pools)) {
        this.inc({ pool, state: 'total' }, p.totalCount);
        this.inc({ pool, state: 'idle' }, p.idleCount);
        this.inc({ pool, state: 'waiting' }, p.waitingCount);
      }
  },
});

// Database-wide figures: every process reads the same, so several processes are combined by `max`, not summed.
new Gauge({
  name: 'pxl_job_queue_depth',
  help: 'Background jobs not yet done, by queue and state (created, retry, active); read up to 100,000 jobs.',
  labelNames: ['queue', 'state'] as const,
  aggregator: 'max',
  registers,
  async collect() {
    const f = await readShared();
    this.reset();
    for (const j of f?.jobs ?? []) this.set({ queue: j.queue, state: j.state }, j.count);
  },
});
new Gauge({
  name: 'pxl_mail_outbox',
  help: 'Mails of the outbox by status (queued, sending, no_smtp, failed); sent ones are history and not counted.',
  labelNames: ['status'] as const,
  aggregator: 'max',
  registers,
  async collect() {
    const f = await readShared();
    this.reset();
    for (const m of f?.mailOutbox ?? []) this.set({ status: m.status }, m.count);
  },
});
new Gauge({
  name: 'pxl_last_backup_age_seconds',
  help: 'Seconds since the newest successful backup (absent when there has been none).',
  aggregator: 'max',
  registers,
  async collect() {
    const f = await readShared();
    // No sample at all when there is none (an unlabelled gauge would otherwise say 0, a fresh backup).
    if (f?.lastBackupAgeSeconds != null) this.set(f.lastBackupAgeSeconds);
    else this.remove({});
  },
});
new Gauge({
  name: 'pxl_ready',
  help: 'Whether this process takes traffic (as /readyz says): 1 ready, 0 not (stopping, database away, migrations pending).',
  aggregator: 'min',
  registers,
  async collect() {
    const f = await readShared();
    this.set(f?.ready ? 1 : 0);
  },
});

/** Status class label of a status code: 2xx, 3xx, 4xx or 5xx. */
export const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;
