import type { FastifyInstance } from 'fastify';
import { automationApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { backtestRule } from './backtest.ts';
import { createRule, deleteRule, getRule, listRules, updateRule } from './rules.service.ts';

export const automationRulesRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, automationApi.listRules, () => listRules(db));
  registerEndpoint(app, automationApi.getRule, ({ params }) => getRule(db, params.uuid));
  registerEndpoint(app, automationApi.createRule, ({ auth, body, ip }) => createRule(db, auth!, body, { ip }));
  registerEndpoint(app, automationApi.updateRule, ({ auth, params, body, ip }) =>
    updateRule(db, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, automationApi.deleteRule, ({ auth, params, ip }) => deleteRule(db, auth!, params.uuid, { ip }));
  registerEndpoint(app, automationApi.backtestRule, ({ params, body }) => backtestRule(db, params.uuid, body.days));
};
