import type { FastifyInstance } from 'fastify';
import { logApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getGeneralSettings } from '../settings/index.ts';
import { listAuditLog } from './log.service.ts';

export const logRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, logApi.list, async ({ auth, query }) => {
    const { time_zone } = await getGeneralSettings(db);
    return listAuditLog(db, auth!, query, time_zone);
  });
};
