import type { FastifyInstance } from 'fastify';
import { buildConstants, constantApi, type Constants } from '@pxl/contract';
import type { AppDeps } from '../../app.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getGeneralSettings } from '../settings/settings.service.ts';

// Building the payload costs milliseconds (time-zone labels); it changes only with the zone setting or a DST shift.
const TTL_MS = 60_000;

export const constantsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  let cached: { zone: string; at: number; value: Constants } | null = null;
  registerEndpoint(app, constantApi.all, async () => {
    const { time_zone } = await getGeneralSettings(db);
    if (cached?.zone !== time_zone || Date.now() - cached.at > TTL_MS) {
      // Tracking domains arrive with the domains settings; the panel's own host always works.
      cached = { zone: time_zone, at: Date.now(), value: buildConstants({ timeZone: time_zone, trackDomains: [] }) };
    }
    return cached.value;
  });
};
