import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { allEndpoints } from '@pxl/contract/endpoints';
import { API_DOCS_PATH, AUTH_HEADER, INTEGRATION_GUIDE_PATH } from '@pxl/contract';
import { documentRoute, finishDocument } from './openapi/document.ts';
import { guideRoutes } from './openapi/guide.ts';
import type { Config } from './config/config.ts';
import type { AppDeps, BuildOptions } from './deps.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { rawBodyPlugin } from './plugins/raw-body.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';
import { pruneSignatures, signaturePlugin } from './plugins/signature.ts';
import { webPlugin } from './plugins/web.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { setPasswordHashCost } from './lib/tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { resolveSession } from './modules/auth/session.service.ts';
import { resolveApiKey } from './modules/account/api-keys.service.ts';
import { constantsRoutes } from './modules/constants/constants.routes.ts';
import { logRoutes } from './modules/log/log.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts';
import { advertisersRoutes } from './modules/advertisers/advertisers.routes.ts';
import { managersRoutes } from './modules/managers/managers.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { clickRoutes } from './modules/tracking/click.routes.ts';
import { postbackRoutes } from './modules/tracking/postback.routes.ts';
import { conversionsRoutes } from './modules/tracking/conversions.routes.ts';
import { landingsRoutes } from './modules/landings/landings.routes.ts';
import { trackingSettingsRoutes } from './modules/tracking-settings/tracking-settings.routes.ts';
import { postbacksRoutes } from './modules/postbacks/postbacks.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { statisticLogRoutes } from './modules/statistic-logs/statistic-logs.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { sandboxRoutes } from './modules/integrations/sandbox.routes.ts';
import { statisticRoutes } from './modules/statistic/statistic.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { coldListsRoutes } from './modules/cold-api/lists.routes.ts';
import { startColdAddJobs } from './modules/cold-api/lists.add-job.ts';
import { coldRulesRoutes } from './modules/cold-api/rules.routes.ts';
import { coldDistributionsRoutes } from './modules/cold-api/distributions.routes.ts';
import { startColdDistributionJobs } from './modules/cold-api/distributions.jobs.ts';
import { createBackground } from './lib/background.ts';
import { createOutboxMailer, DEFAULT_MAIL_RETRY_DELAYS } from './modules/mail/mail.service.ts';
import { startMailJobs } from './modules/mail/mail.jobs.ts';
import { selfUrlOf } from './modules/integrations/self-url.ts';
import { startPostbackJobs } from './modules/postbacks/postbacks.jobs.ts';
import { startHoldJob } from './modules/tracking/tracking.jobs.ts';
import { startRetentionJobs } from './modules/retention/retention.jobs.ts';
import { retentionRoutes } from './modules/retention/retention.routes.ts';
import { startLeadStatusJobs } from './modules/lead-status/lead-status.jobs.ts';
import { DEFAULT_RETRY_DELAYS } from './modules/postbacks/outbound.service.ts';
import { createJobs } from './jobs/jobs.ts';
import { createSecrets } from './lib/secrets.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { sql } from 'drizzle-orm';

const known = new Set(allEndpoints.map((e) => `${e.method} ${e.path}`));

/** Fastify refuses a bare hop count (it cannot vet the peer); a hop count here assumes only the proxies reach us. */
const trustOf = (t: Config['TRUST_PROXY']) =>
  typeof t === 'number' ? t > 0 && ((_: string, hop: number) => hop < t) : t;

export const buildApp = async ({
  db,
  hotDb = db,
  config,
  mailer,
  distDir,
  logger = false,
  secretKey,
  jobs: jobOptions = {},
}: BuildOptions) => {
  const app = Fastify({
    logger: withLogRedaction(logger),
    trustProxy: trustOf(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // No plugin or hook waits on the database (lib/background.ts), so a fixed timeout could only measure how busy the
    // machine is: on a loaded one it would stop a healthy start (docs/decisions/034-start-under-load.md).
    pluginTimeout: 0,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every /api route must come from the contract, so none can exist without declared roles.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!route.config?.endpoint || !known.has(`${method} ${route.url}`))
        throw new Error(`unguarded endpoint ${method} ${route.url}`);
    }
  });

  app.addHook('onSend', securityHeaders(config));
  setPasswordHashCost(config.PASSWORD_HASH_COST);

  const jobs = createJobs(hotDb, {
    pollingIntervalSeconds: jobOptions.pollingIntervalSeconds,
    onError: (err) => app.log.error({ err }, 'background jobs'),
  });
  const deps: AppDeps = {
    db,
    hotDb,
    config,
    mailer: mailer ?? createOutboxMailer(db),
    secrets: createSecrets(secretKey),
    jobs,
    selfUrl: () => selfUrlOf(app.server, config),
  };
  app.decorate('background', createBackground(app));
  if (jobOptions.start !== false) {
    app.background.add('background jobs', [
      () => jobs.start(),
      () =>
        startPostbackJobs(jobs, hotDb, {
          allowPrivate: config.ALLOW_PRIVATE_POSTBACK_TARGETS,
          retryDelaysSeconds: jobOptions.postbackRetryDelays ?? DEFAULT_RETRY_DELAYS,
        }),
      () => startHoldJob(jobs, hotDb),
      () => startRetentionJobs(jobs, hotDb, app.log),
      () => startLeadStatusJobs({ ...deps, db: hotDb }),
      () => startColdAddJobs(deps),
      () => startColdDistributionJobs({ ...deps, db: hotDb }),
      () =>
        startMailJobs(jobs, {
          db,
          secrets: deps.secrets,
          smtp: { caFile: config.SMTP_CA_FILE, allowPrivate: config.ALLOW_PRIVATE_POSTBACK_TARGETS },
          retryDelays: jobOptions.mailRetryDelays ?? DEFAULT_MAIL_RETRY_DELAYS,
        }),
    ]);
    app.addHook('onClose', async () => jobs.stop());
  }
  await app.register(errorsPlugin);
  await app.register(rawBodyPlugin);
  await app.register(textGuardPlugin);
  // Keys are cached on the click cache's change notifications (registered with the routes, before any request).
  await app.register(authPlugin, {
    db,
    hotDb,
    resolveSession,
    resolveApiKey: (keyDb, key) => resolveApiKey(keyDb, key, app.tracking.cache),
  });
  await app.register(signaturePlugin, { db, required: config.REQUIRE_SIGNATURE });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Panel API',
        version: '1',
        description: `The panel, the lead API, tracking links and postbacks: start with the [integration guide](${INTEGRATION_GUIDE_PATH}).`,
        license: { name: 'Proprietary' },
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'header',
            name: AUTH_HEADER,
            description: 'The token of POST /api/auth/v1/login',
          },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "An affiliate's lead API key" },
          sandboxKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Sandbox-Key',
            description: "A sandbox product's api_key",
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: finishDocument(config.PUBLIC_URL),
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  await app.register(guideRoutes);

  for (const routes of [
    authRoutes,
    constantsRoutes,
    logRoutes,
    settingsRoutes,
    retentionRoutes,
    affiliatesRoutes,
    advertisersRoutes,
    managersRoutes,
    accountRoutes,
    landingsRoutes,
    offersRoutes,
    clickRoutes,
    postbackRoutes,
    conversionsRoutes,
    trackingSettingsRoutes,
    postbacksRoutes,
    integrationsRoutes,
    sandboxRoutes,
    leadsRoutes,
    statisticLogRoutes,
    statisticRoutes,
    dashboardRoutes,
    referralsRoutes,
    billingRoutes,
    newsRoutes,
    documentsRoutes,
    mailRoutes,
    ticketsRoutes,
    coldListsRoutes,
    coldRulesRoutes,
    coldDistributionsRoutes,
  ])
    await app.register(routes, deps);
  await app.register(webPlugin, { config, distDir });

  // The hot pool: a panel pool full of slow reports must not get a server that still tracks restarted.
  app.get('/healthz', async () => {
    await hotDb.execute(sql`select 1`);
    return { status: 'success', data: { ok: true }, error: null };
  });

  const pruner = setInterval(() => {
    pruneSignatures(db).catch((err) => app.log.warn({ err }, 'pruning signatures failed'));
    db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`).catch(() => {});
  }, 60_000);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));

  return app;
};
