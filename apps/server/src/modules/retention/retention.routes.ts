import type { FastifyInstance } from 'fastify';
import { settingsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { rawDataRetention } from './retention.service.ts';

export const retentionRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, settingsApi.getRawDataRetention, () => rawDataRetention(db));
};
