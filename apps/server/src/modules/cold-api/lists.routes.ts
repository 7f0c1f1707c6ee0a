import type { FastifyInstance } from 'fastify';
import { coldApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { generalSettings } from '../settings/index.ts';
import { listLeadLists } from './lists.repository.ts';
import {
  addLeads,
  createLeadList,
  getLeadList,
  listListLeads,
  removeLeadList,
  removeListLeads,
  searchColdLeads,
  updateLeadList,
} from './lists.service.ts';

/**
 * Cold API lead lists (docs/product/cold-api.md): shared by admin, head and team leads; a team lead finds, adds, sees
 * and removes only the leads of their team's affiliates, with contacts masked.
 */
export const coldListsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, coldApi.listLeadLists, async ({ auth, query }) =>
    listLeadLists(db, auth!, query, (await generalSettings.get(db)).time_zone),
  );
  registerEndpoint(app, coldApi.createLeadList, ({ auth, body, ip }) => createLeadList(db, auth!, body, ip));
  registerEndpoint(app, coldApi.searchLeads, ({ auth, query }) => searchColdLeads(db, auth!, query));
  registerEndpoint(app, coldApi.getLeadList, ({ auth, params }) => getLeadList(db, auth!, params.uuid));
  registerEndpoint(app, coldApi.updateLeadList, ({ auth, params, body, ip }) =>
    updateLeadList(db, auth!, params.uuid, body, ip),
  );
  registerEndpoint(app, coldApi.removeLeadList, ({ auth, params, ip }) => removeLeadList(db, auth!, params.uuid, ip));
  registerEndpoint(app, coldApi.addLeads, ({ auth, params, body, ip }) => addLeads(db, auth!, params.uuid, body, ip));
  registerEndpoint(app, coldApi.listLeads, ({ auth, params, query }) => listListLeads(db, auth!, params.uuid, query));
  registerEndpoint(app, coldApi.removeLeads, ({ auth, params, body, ip }) =>
    removeListLeads(db, auth!, params.uuid, body, ip),
  );
};
