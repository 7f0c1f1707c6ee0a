import type { FastifyInstance } from 'fastify';
import { statisticApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { clickLog } from './clicks-log.ts';
import { conversionDetail } from './conversion-detail.ts';
import { conversionLog } from './conversions-log.ts';
import { sessionLog } from './sessions-log.ts';

/** The statistics logs: every role, scoped and stripped per role inside each log. */
export const statisticLogRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, statisticApi.clicks, ({ auth, query }) => clickLog(db, auth!, query));
  registerEndpoint(app, statisticApi.conversions, ({ auth, query }) => conversionLog(db, auth!, query));
  registerEndpoint(app, statisticApi.sessions, ({ auth, query }) => sessionLog(db, auth!, query));
  registerEndpoint(app, statisticApi.conversionDetail, ({ auth, params }) => conversionDetail(db, auth!, params.uuid));
};
