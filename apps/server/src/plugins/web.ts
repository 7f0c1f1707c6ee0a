import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from '@pxl/contract';
import type { Config } from '../config/config.ts';

/** Runtime config for the SPA, so one build serves any deployment. */
const appConfigScript = (config: Config) =>
  `window.__APP_CONFIG__=${JSON.stringify({
    cookiePrefix: config.COOKIE_PREFIX,
    sentryDsn: config.SENTRY_DSN ?? null,
    environment: config.NODE_ENV,
    release: config.npm_package_version ?? 'dev',
  }).replace(/</g, '\\u003c')};`;

export const webPlugin = async (app: FastifyInstance, { config, distDir }: { config: Config; distDir: string }) => {
  app.get('/app-config.js', { config: { public: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').type('application/javascript').send(appConfigScript(config)),
  );

  const indexFile = path.join(distDir, 'index.html');
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      // wildcard: files are looked up per request, so a rebuild is served without a restart.
      root: distDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`web app not built (${distDir}); run npm run build`);
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
    // Looked up per request: a rebuild in progress must not turn pages into JSON until a restart.
    if (wantsPage && existsSync(indexFile)) return reply.sendFile('index.html');
    return reply.code(404).send(fail({ not_found: 'Page not found. Please check the URL.' }));
  });
};
