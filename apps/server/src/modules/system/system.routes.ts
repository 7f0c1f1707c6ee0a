import type { FastifyInstance } from 'fastify';
import { systemApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import type { Heartbeat } from './heartbeat.ts';
import { systemOverview } from './system.service.ts';

/** What the system routes use of the app's runtime services: this process's heartbeat row. */
export type SystemServices = { services: { heartbeat: Pick<Heartbeat, 'id'> } };

export const systemRoutes = async (app: FastifyInstance, { db, services }: AppDeps & SystemServices) => {
  registerEndpoint(app, systemApi.getOverview, () => systemOverview(db, services.heartbeat.id));
};
