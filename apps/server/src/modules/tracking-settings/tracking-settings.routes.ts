import type { FastifyInstance } from 'fastify';
import { trackingApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { listDomains } from './domains.repository.ts';
import { addDomain, checkDomain, makeDefaultDomain, removeDomain } from './domains.service.ts';
import { trafficbackSettings } from './trafficback.service.ts';

/** Settings › Domains and Settings › Trafficback (admin and head, by the contract's roles). */
export const trackingSettingsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, trackingApi.getTrafficback, () => trafficbackSettings.get(db));
  registerEndpoint(app, trackingApi.putTrafficback, ({ body, auth, ip }) =>
    trafficbackSettings.put(db, body, auth!.user.id, ip),
  );

  registerEndpoint(app, trackingApi.listDomains, async () => ({ list: await listDomains(db) }));
  registerEndpoint(app, trackingApi.addDomain, ({ body, auth, ip }) => addDomain(deps, auth!, body, { ip }));
  registerEndpoint(app, trackingApi.removeDomain, ({ params, auth, ip }) =>
    removeDomain(deps, auth!, params.uuid, { ip }),
  );
  registerEndpoint(app, trackingApi.makeDefaultDomain, ({ params, auth, ip }) =>
    makeDefaultDomain(deps, auth!, params.uuid, { ip }),
  );
  registerEndpoint(app, trackingApi.checkDomain, ({ params }) => checkDomain(deps, params.uuid));
};
