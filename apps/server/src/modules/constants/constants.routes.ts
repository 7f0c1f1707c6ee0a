import type { FastifyInstance } from 'fastify';
import { buildConstants, constantApi } from '@pxl/contract';
import type { AppDeps } from '../../app.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getGeneralSettings } from '../settings/settings.service.ts';

export const constantsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, constantApi.all, async () => {
    const { time_zone } = await getGeneralSettings(db);
    // Tracking domains arrive with the domains settings; the panel's own host always works.
    return buildConstants({ timeZone: time_zone, trackDomains: [] });
  });
};
