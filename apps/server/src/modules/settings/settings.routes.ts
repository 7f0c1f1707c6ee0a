import type { FastifyInstance } from 'fastify';
import { settingsApi } from '@pxl/contract';
import type { AppDeps } from '../../app.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getGeneralSettings, putGeneralSettings } from './settings.service.ts';

export const settingsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, settingsApi.getGeneral, () => getGeneralSettings(db));
  registerEndpoint(app, settingsApi.putGeneral, ({ body, auth, ip }) => putGeneralSettings(db, body, auth!.user.id, ip));
  registerEndpoint(app, settingsApi.getPublic, async () => {
    const { partner_title, time_zone, currency } = await getGeneralSettings(db);
    return { partner_title, time_zone, currency };
  });
};
