import type { FastifyInstance } from 'fastify';
import { coldApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { generalSettings } from '../settings/index.ts';
import { listRules } from './rules.repository.ts';
import { createRule, getRule, removeRule, updateRule } from './rules.service.ts';

/** Cold API re-send rules (docs/product/cold-api.md): shared by admin, head and team leads. */
export const coldRulesRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, coldApi.listRules, async ({ query }) =>
    listRules(db, query, (await generalSettings.get(db)).time_zone),
  );
  registerEndpoint(app, coldApi.createRule, ({ auth, body, ip }) => createRule(db, auth!, body, ip));
  registerEndpoint(app, coldApi.getRule, ({ params }) => getRule(db, params.uuid));
  registerEndpoint(app, coldApi.updateRule, ({ auth, params, body, ip }) =>
    updateRule(db, auth!, params.uuid, body, ip),
  );
  registerEndpoint(app, coldApi.removeRule, ({ auth, params, ip }) => removeRule(db, auth!, params.uuid, ip));
};
