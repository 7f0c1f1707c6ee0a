import type { FastifyInstance } from 'fastify';
import { affiliatesApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getPerson, listPeople } from '../partners/index.ts';
import { affiliateKind } from './affiliates.repository.ts';
import { changeAffiliateStatus, createAffiliate, revealApiKey, updateAffiliate } from './affiliates.service.ts';

export const affiliatesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  registerEndpoint(app, affiliatesApi.list, ({ auth, query }) => listPeople(deps, affiliateKind, auth!, query));
  registerEndpoint(app, affiliatesApi.get, ({ auth, params }) => getPerson(deps, affiliateKind, auth!, params.uuid));
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
