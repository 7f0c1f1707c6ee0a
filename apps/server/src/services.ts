import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppDeps, BuildOptions } from './deps.ts';
import { startGroupCommit, type GroupCommitted } from './db/group-commit.ts';
import { createJobs } from './jobs/jobs.ts';
import { createSecrets } from './lib/secrets.ts';
import { pruneSignatures } from './plugins/signature.ts';
import { createApiKeyResolver, type ApiKeyResolver } from './modules/account/index.ts';
import { startBackupJobs } from './modules/backups/index.ts';
import { startColdAddJobs, ColdRunner, startColdDistributionJobs } from './modules/cold-api/index.ts';
import {
  sandboxProducts,
  type SandboxProducts,
  pushSlotsFor,
  type PushSlots,
  selfUrlOf,
} from './modules/integrations/index.ts';
import { startLeadStatusJobs } from './modules/lead-status/index.ts';
import { LeadCache, createKeyRateLimiter, type KeyRateLimiter } from './modules/leads/index.ts';
import { createOutboxMailer, DEFAULT_MAIL_RETRY_DELAYS, sendMailNow, startMailJobs } from './modules/mail/index.ts';
import { createAlerts, type Alerts } from './modules/notifications/index.ts';
import { DEFAULT_RETRY_DELAYS, startPostbackJobs } from './modules/postbacks/index.ts';
import { startRetentionJobs } from './modules/retention/index.ts';
import { startRuleEvaluation, startShaveWatch } from './modules/automation/index.ts';
import { startClicks, type Clicks, startHoldJob } from './modules/tracking/index.ts';
import { startHeartbeat, type Heartbeat } from './modules/system/index.ts';

/**
 * The state an app keeps while it serves (docs/architecture.md, "Runtime services"): made once at start, in the order
 * of this type, handed to the modules in their deps, and closed in the reverse order. Modules never make or look up
 * these themselves.
 */
export type Services = {
  /**
   * The hot pool with the lead API's and postbacks' single-statement writes committed in groups and their reads
   * pipelined (db/group-commit.ts): `groupCommit.db` is the handle those routes use.
   */
  groupCommit: GroupCommitted;
  /** The click cache (its LISTEN also drops the caches below), the batched click writer and the cap slices. */
  clicks: Clicks;
  apiKeys: ApiKeyResolver;
  /** Every send of this app, the lead API's, the Cold API's and the Test API's, takes its slot here. */
  pushSlots: PushSlots;
  leadCache: LeadCache;
  /** The lead API's per-key limit, leased from PostgreSQL (docs/decisions/031-shared-lead-limits.md). */
  leadLimiter: KeyRateLimiter;
  sandboxProducts: SandboxProducts;
  coldRunner: ColdRunner;
  /** This process's row in server_processes, refreshed every 15 s once the server listens. */
  heartbeat: Heartbeat;
  /** The alert outbox's worker (started with the background jobs) and the channel test button's senders. */
  alerts: Alerts;
};
/** What every module's routes receive: the app's dependencies and its runtime services. */
export type RuntimeDeps = AppDeps & { services: Services };

/** Nothing here waits on PostgreSQL: timers and listeners start in the background (docs/decisions/034-start-under-load.md). */
const createServices = (app: FastifyInstance, deps: AppDeps): Services => {
  const log = app.log;
  // The lead API, the Cold API and the click path read and write on the hot pool: slow reports cannot starve them.
  const hot = { ...deps, db: deps.hotDb };
  const groupCommit = startGroupCommit(deps.hotDb);
  const clicks = startClicks(deps.hotDb, log);
  const apiKeys = createApiKeyResolver(deps.hotDb, clicks.cache);
  const pushSlots = pushSlotsFor(deps.hotDb);
  const leadCache = new LeadCache(hot, clicks.cache, pushSlots);
  const leadLimiter = createKeyRateLimiter(deps.hotDb, deps.config.LEAD_API_RATE_PER_MINUTE);
  const sandbox = sandboxProducts(deps, clicks.cache);
  const coldRunner = new ColdRunner(hot, leadCache, (err, msg) => log.warn({ err }, msg));
  const heartbeat = startHeartbeat(app, deps.hotDb);
  const smtp = { caFile: deps.config.SMTP_CA_FILE, allowPrivate: deps.config.ALLOW_PRIVATE_POSTBACK_TARGETS };
  const alerts = createAlerts(
    { ...deps, db: deps.hotDb },
    (to, vars) => sendMailNow({ db: deps.db, secrets: deps.secrets, smtp }, to, 'alert', vars),
    (err) => log.warn({ err }, 'alert outbox'),
  );
  return {
    groupCommit,
    clicks,
    apiKeys,
    pushSlots,
    leadCache,
    leadLimiter,
    sandboxProducts: sandbox,
    coldRunner,
    heartbeat,
    alerts,
  };
};

/**
 * App close, the reverse of the start: the runner's sends end, the send slots go back, every buffered click is stored
 * (docs/decisions/013-bad-rows-and-click-loss.md). A step that fails does not skip the ones after it.
 */
const closeServices = async (s: Services) => {
  const failed: unknown[] = [];
  for (const step of [
    () => s.alerts.worker.stop(),
    () => s.heartbeat.stop(),
    () => s.coldRunner.stop(),
    () => s.pushSlots.close(),
    () => s.clicks.close(),
    () => s.groupCommit.close(),
  ])
    await step().catch((err: unknown) => failed.push(err));
  if (failed.length) throw failed[0];
};

/** Signatures and rate-limit windows past their use, every minute. */
const startPruner = (db: AppDeps['db'], log: FastifyBaseLogger) => {
  const pruner = setInterval(() => {
    pruneSignatures(db).catch((err) => log.warn({ err }, 'pruning signatures failed'));
    db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`).catch(() => {});
  }, 60_000);
  pruner.unref();
  return () => clearInterval(pruner);
};

/** pg-boss and every module's workers and schedules, once the server listens (lib/background.ts). */
const startBackgroundJobs = (app: FastifyInstance, deps: RuntimeDeps, o: NonNullable<BuildOptions['jobs']>) => {
  const { jobs, hotDb, db, config } = deps;
  app.background.add('background jobs', [
    () => jobs.start(),
    () =>
      startPostbackJobs(jobs, hotDb, {
        allowPrivate: config.ALLOW_PRIVATE_POSTBACK_TARGETS,
        retryDelaysSeconds: o.postbackRetryDelays ?? DEFAULT_RETRY_DELAYS,
      }),
    () => startHoldJob(jobs, hotDb),
    () => startRetentionJobs(jobs, hotDb, app.log),
    () => startBackupJobs(jobs, { db: hotDb, config, mailer: deps.mailer }, app.log),
    () => startLeadStatusJobs({ ...deps, db: hotDb }),
    () => startColdAddJobs(deps),
    () => startColdDistributionJobs({ ...deps, db: hotDb }),
    () =>
      startMailJobs(jobs, {
        db,
        secrets: deps.secrets,
        smtp: { caFile: config.SMTP_CA_FILE, allowPrivate: config.ALLOW_PRIVATE_POSTBACK_TARGETS },
        retryDelays: o.mailRetryDelays ?? DEFAULT_MAIL_RETRY_DELAYS,
      }),
    () => deps.services.alerts.worker.start(),
  ]);
};

/**
 * Everything the app runs besides its routes, in one place: the jobs handle, the dependencies, the runtime services,
 * the background jobs and the pruner. One onClose hook stops them in the reverse order; it is added before any route
 * plugin, so it runs after theirs (Fastify runs onClose hooks last added first).
 */
export const startRuntime = (app: FastifyInstance, o: BuildOptions): RuntimeDeps => {
  const { db, hotDb = db, config, jobs: jobOptions = {} } = o;
  const jobs = createJobs(hotDb, {
    pollingIntervalSeconds: jobOptions.pollingIntervalSeconds,
    onError: (err) => app.log.error({ err }, 'background jobs'),
  });
  const deps: AppDeps = {
    db,
    hotDb,
    config,
    mailer: o.mailer ?? createOutboxMailer(db),
    secrets: createSecrets(o.secretKey),
    jobs,
    selfUrl: () => selfUrlOf(app.server, config),
  };
  const runtime: RuntimeDeps = { ...deps, services: createServices(app, deps) };
  const jobsStarted = jobOptions.start !== false;
  if (jobsStarted) startBackgroundJobs(app, runtime, jobOptions);
  const stopPruner = startPruner(db, app.log);
  // Rules run on the panel pool, every 10 s once the server listens (docs/product/automation.md).
  const stopRules = jobsStarted ? startRuleEvaluation(app, db) : null;
  const stopShaveWatch = jobsStarted ? startShaveWatch(app, db) : null;
  app.addHook('onClose', async () => {
    stopPruner();
    await stopRules?.();
    await stopShaveWatch?.();
    try {
      await closeServices(runtime.services);
    } finally {
      if (jobsStarted) await jobs.stop();
    }
  });
  return runtime;
};
