import type { FastifyInstance } from 'fastify';
import { affiliatesApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { generalSettings } from '../settings/settings.service.ts';
import { findAffiliate, listAffiliates } from './affiliates.repository.ts';
import { changeAffiliateStatus, createAffiliate, revealApiKey, updateAffiliate } from './affiliates.service.ts';

export const affiliatesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, affiliatesApi.list, async ({ auth, query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listAffiliates(db, auth!, query, time_zone);
  });
  registerEndpoint(app, affiliatesApi.get, async ({ auth, params }) => {
    const found = await findAffiliate(db, auth!, params.uuid);
    if (!found) throw notFound('Affiliate');
    return found;
  });
  registerEndpoint(app, affiliatesApi.create, ({ auth, body, ip }) => createAffiliate(deps, auth!, body, { ip }));
  registerEndpoint(app, affiliatesApi.update, ({ auth, params, body, ip }) =>
    updateAffiliate(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, affiliatesApi.changeStatus, ({ auth, params, body, ip }) =>
    changeAffiliateStatus(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, affiliatesApi.revealApiKey, ({ auth, params, ip }) =>
    revealApiKey(deps, auth!, params.uuid, { ip }),
  );
};
