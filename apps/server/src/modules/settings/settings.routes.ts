import type { FastifyInstance } from 'fastify';
import { settingsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { findAssignableManager } from '../../lib/assignable-manager.ts';
import { affiliateDefaults, generalSettings, registrationSettings } from './settings.service.ts';

export const settingsRoutes = async (app: FastifyInstance, { db, hotDb }: AppDeps) => {
  registerEndpoint(app, settingsApi.getGeneral, () => generalSettings.get(db));
  // A new partner zone rebuilds the zone-day rollup in the same statement (migration 0015): no report, so no report's timeout.
  registerEndpoint(app, settingsApi.putGeneral, ({ body, auth, ip }) =>
    generalSettings.put(hotDb, body, auth!.user.id, ip),
  );
  registerEndpoint(app, settingsApi.getPublic, async () => {
    const { partner_title, time_zone, currency } = await generalSettings.get(db);
    return { partner_title, time_zone, currency };
  });

  registerEndpoint(app, settingsApi.getRegistration, () => registrationSettings.get(db));
  registerEndpoint(app, settingsApi.getPublicRegistration, () => registrationSettings.get(db));
  registerEndpoint(app, settingsApi.putRegistration, ({ body, auth, ip }) =>
    registrationSettings.put(db, body, auth!.user.id, ip),
  );

  registerEndpoint(app, settingsApi.getAffiliateDefaults, () => affiliateDefaults.get(db));
  registerEndpoint(app, settingsApi.putAffiliateDefaults, async ({ body, auth, ip }) => {
    if (body.default_manager_uuid && !(await findAssignableManager(db, auth!, body.default_manager_uuid))) {
      throw badRequest('default_manager_uuid', 'Choose an active manager');
    }
    return affiliateDefaults.put(db, body, auth!.user.id, ip);
  });
};
