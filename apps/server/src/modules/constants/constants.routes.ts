import type { FastifyInstance } from 'fastify';
import { buildConstants, constantApi, type Constants } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getGeneralSettings } from '../settings/index.ts';
import { listDomainNames } from '../tracking-settings/index.ts';

// Building the payload costs milliseconds (time-zone labels); it changes only with the zone setting, the tracking
// domains or a DST shift.
const TTL_MS = 60_000;

export const constantsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  let cached: { key: string; at: number; value: Constants } | null = null;
  registerEndpoint(app, constantApi.all, async () => {
    // Both inputs are read each time (two tiny queries): a change made through any process shows at once,
    // with no invalidation message to miss.
    const [{ time_zone }, trackDomains] = await Promise.all([getGeneralSettings(db), listDomainNames(db)]);
    const key = JSON.stringify([time_zone, trackDomains]);
    if (cached?.key !== key || Date.now() - cached.at > TTL_MS) {
      cached = { key, at: Date.now(), value: buildConstants({ timeZone: time_zone, trackDomains }) };
    }
    return cached.value;
  });
};
