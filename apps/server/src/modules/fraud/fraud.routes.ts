import type { FastifyInstance } from 'fastify';
import { fraudApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getFraudSettings, updateFraudSettings } from './fraud.service.ts';

export const fraudRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, fraudApi.getSettings, () => getFraudSettings(db));
  registerEndpoint(app, fraudApi.putSettings, ({ body, auth, ip }) => updateFraudSettings(db, body, auth!.user.id, ip));
};
