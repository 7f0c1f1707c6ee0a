import type { FastifyInstance } from 'fastify';
import { postbacksApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { listInbound, listOutbound, resendPostback } from './postback-logs.service.ts';

export const postbackLogRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, postbacksApi.outbound, ({ auth, query }) => listOutbound(db, auth!, query));
  registerEndpoint(app, postbacksApi.resend, ({ auth, params, ip }) => resendPostback(db, auth!, params, ip));
  registerEndpoint(app, postbacksApi.inbound, ({ auth, query }) => listInbound(db, auth!, query));
};
