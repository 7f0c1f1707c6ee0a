import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { postbackLogRoutes } from './logs.routes.ts';
import { postbackSettingsRoutes } from './settings.routes.ts';

/** Affiliate postback settings, the test send, and the inbound and outbound logs (postbacksApi). */
export const postbacksRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  await postbackSettingsRoutes(app, deps);
  await postbackLogRoutes(app, deps);
};
