import type { FastifyPluginAsync } from 'fastify';
import { fail, ok } from '@pxl/contract';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { addMetricsSource, metricsRegistry } from '../../lib/metrics.ts';
import { scrapeMetrics } from '../../lib/metrics-cluster.ts';
import type { AppDeps } from '../../deps.ts';
import { readSharedFigures, tokenMatches } from './metrics.service.ts';

/**
 * GET /metrics (Prometheus text, behind METRICS_TOKEN) and GET /readyz (docs/decisions/048-metrics-and-readiness.md).
 * Outside /api: a scraper and a load balancer are not users of the panel.
 */
/** What the scrape reads of the runtime services: the click writer's buffer. */
type MetricsDeps = AppDeps & { services: { clicks: { writer: { pending: number; waiting: number } } } };

export const metricsRoutes: FastifyPluginAsync<MetricsDeps> = async (app, deps) => {
  const { db, hotDb, config, services } = deps;
  const readiness = app.readiness;
  const remove = addMetricsSource({
    pools: db === hotDb ? { panel: db.$client } : { panel: db.$client, hot: hotDb.$client },
    clickWriter: services.clicks.writer,
    readShared: () => readSharedFigures(db, readiness),
  });
  app.addHook('onClose', async () => remove());

  app.get('/metrics', async (req, reply) => {
    const token = config.METRICS_TOKEN;
    // Off without a token: the route then looks like any unknown page.
    if (!token) throw new AppError(404, { not_found: 'Page not found. Please check the URL.' });
    if (!tokenMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    const text = await scrapeMetrics();
    return reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store').send(text);
  });

  app.get('/readyz', async (_req, reply) => {
    const notReady = await readiness.check();
    if (notReady)
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send(fail({ ready: notReady }));
    return reply.header('cache-control', 'no-store').send(ok({ ready: true }));
  });
};
