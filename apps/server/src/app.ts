import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { allEndpoints } from '@pxl/contract/endpoints';
import { API_DOCS_PATH, AUTH_HEADER, INTEGRATION_GUIDE_PATH } from '@pxl/contract';
import { documentRoute, finishDocument } from './openapi/document.ts';
import { guideRoutes } from './openapi/guide.ts';
import type { Config } from './config/config.ts';
import type { BuildOptions } from './deps.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { rawBodyPlugin } from './plugins/raw-body.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';
import { signaturePlugin } from './plugins/signature.ts';
import { webPlugin } from './plugins/web.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { setPasswordHashCost } from './lib/tokens.ts';
import { authRoutes, resolveSession } from './modules/auth/index.ts';
import { constantsRoutes } from './modules/constants/index.ts';
import { logRoutes } from './modules/log/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { backupsRoutes } from './modules/backups/index.ts';
import { affiliatesRoutes } from './modules/affiliates/index.ts';
import { advertisersRoutes } from './modules/advertisers/index.ts';
import { managersRoutes } from './modules/managers/index.ts';
import { accountRoutes } from './modules/account/index.ts';
import { offersRoutes } from './modules/offers/index.ts';
import { clickRoutes, postbackRoutes, conversionsRoutes } from './modules/tracking/index.ts';
import { landingsRoutes } from './modules/landings/index.ts';
import { trackingSettingsRoutes } from './modules/tracking-settings/index.ts';
import { postbacksRoutes } from './modules/postbacks/index.ts';
import { leadsRoutes } from './modules/leads/index.ts';
import { statisticLogRoutes } from './modules/statistic-logs/index.ts';
import { integrationsRoutes, sandboxRoutes } from './modules/integrations/index.ts';
import { statisticRoutes } from './modules/statistic/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { referralsRoutes } from './modules/referrals/index.ts';
import { newsRoutes } from './modules/news/index.ts';
import { documentsRoutes } from './modules/documents/index.ts';
import { mailRoutes } from './modules/mail/index.ts';
import { ticketsRoutes } from './modules/tickets/index.ts';
import { coldListsRoutes, coldRulesRoutes, coldDistributionsRoutes } from './modules/cold-api/index.ts';
import { createBackground } from './lib/background.ts';
import { startRuntime, type RuntimeDeps, type Services } from './services.ts';
import { retentionRoutes } from './modules/retention/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { fraudRoutes } from './modules/fraud/index.ts';
import {
  reconciliationApplyRoutes,
  reconciliationMatchRoutes,
  reconciliationReportRoutes,
  reconciliationRoutes,
} from './modules/reconciliation/index.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { createReadiness } from './lib/readiness.ts';
import { addRequestHooks, RequestLog, requestIdOf } from './plugins/request-log.ts';
import { metricsRoutes } from './modules/metrics/index.ts';
import { automationActionsRoutes, automationRulesRoutes } from './modules/automation/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { sql } from 'drizzle-orm';

const known = new Set(allEndpoints.map((e) => `${e.method} ${e.path}`));

/** Fastify refuses a bare hop count (it cannot vet the peer); a hop count here assumes only the proxies reach us. */
const trustOf = (t: Config['TRUST_PROXY']) =>
  typeof t === 'number' ? t > 0 && ((_: string, hop: number) => hop < t) : t;

/** Fastify itself: logging, proxies, limits and the zod compilers; every /api route must come from the contract. */
const createFastify = (config: Config, logger: BuildOptions['logger'] = false) => {
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
    // One line per request with its id (plugins/request-log.ts) instead of Fastify's two.
    genReqId: requestIdOf,
    logController: new RequestLog(),
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
  addRequestHooks(app);
  return app;
};

/** The OpenAPI document at /api/docs and the integration guide. */
const registerDocs = async (app: FastifyInstance, config: Config) => {
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
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN of the server configuration' },
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
};

/** Each takes what it uses of RuntimeDeps (its own type says which services). */
const MODULE_ROUTES: FastifyPluginAsync<RuntimeDeps>[] = [
  authRoutes,
  constantsRoutes,
  logRoutes,
  settingsRoutes,
  backupsRoutes,
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
  systemRoutes,
  metricsRoutes,
  fraudRoutes,
  reconciliationRoutes,
  reconciliationMatchRoutes,
  reconciliationReportRoutes,
  reconciliationApplyRoutes,
  automationRulesRoutes,
  automationActionsRoutes,
  notificationsRoutes,
];

/**
 * The app and its runtime services (services.ts). Tests and benches reach the services (the click writer, the lead
 * cache) through the second; the modules get them in their deps.
 */
export const buildApp = async (o: BuildOptions): Promise<{ app: FastifyInstance; services: Services }> => {
  const { config } = o;
  const app = createFastify(config, o.logger);
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  app.decorate('background', createBackground(app));
  const deps = startRuntime(app, o);
  const { db, hotDb, services } = deps;
  app.decorate('readiness', createReadiness(hotDb.$client));

  await app.register(errorsPlugin);
  await app.register(rawBodyPlugin);
  await app.register(textGuardPlugin);
  await app.register(authPlugin, { db, resolveSession, resolveApiKey: services.apiKeys });
  await app.register(signaturePlugin, { db, required: config.REQUIRE_SIGNATURE });
  await registerDocs(app, config);
  for (const routes of MODULE_ROUTES) await app.register(routes, deps);
  await app.register(webPlugin, { config, distDir: o.distDir });

  // The hot pool: a panel pool full of slow reports must not get a server that still tracks restarted.
  app.get('/healthz', async () => {
    await hotDb.execute(sql`select 1`);
    return { status: 'success', data: { ok: true }, error: null };
  });
  return { app, services };
};
