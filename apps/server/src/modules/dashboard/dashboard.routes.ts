import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { dashboardSummary } from './dashboard.service.ts';

export const dashboardRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, dashboardApi.summary, ({ auth }) => dashboardSummary(db, auth!));
};
