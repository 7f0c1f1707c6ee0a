import type { FastifyInstance } from 'fastify';
import { statisticApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { chartReport, generalReport } from './report.service.ts';

export const statisticRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, statisticApi.general, ({ auth, query }) => generalReport(db, auth!, query));
  registerEndpoint(app, statisticApi.chart, ({ auth, query }) => chartReport(db, auth!, query));
};
