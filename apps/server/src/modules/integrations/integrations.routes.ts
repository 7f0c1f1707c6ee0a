import type { FastifyInstance } from 'fastify';
import { leadsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import type { WithPushSlots } from './push-slots.ts';
import { testIntegration } from './test-integration.ts';

/** Settings › Test API › Integrations: a real send of a made-up lead; only a success is stored (the product's tested_at). */
export const integrationsRoutes = async (app: FastifyInstance, deps: AppDeps & WithPushSlots) => {
  registerEndpoint(app, leadsApi.testIntegration, ({ auth, body, ip }) => testIntegration(deps, auth!, body, ip));
};
