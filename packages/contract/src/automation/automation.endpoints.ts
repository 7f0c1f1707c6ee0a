import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import * as s from './automation.schemas.ts';

export const listRules = defineEndpoint({
  method: 'GET',
  path: '/api/automation/v1/rules',
  summary: 'Automation rules, built-in ones first',
  roles: ADMIN_ROLES,
  response: z.object({ list: z.array(s.automationRuleSchema) }),
});
export const createRule = defineEndpoint({
  method: 'POST',
  path: '/api/automation/v1/rules',
  summary: 'Add a rule: a scope, a metric over a window, a condition and actions (audited)',
  roles: ADMIN_ROLES,
  body: s.automationRuleInputSchema,
  response: s.automationRuleSchema,
  errors: [422],
});
export const getRule = defineEndpoint({
  method: 'GET',
  path: '/api/automation/v1/rules/:uuid',
  summary: 'One rule',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.automationRuleSchema,
  errors: [404],
});
export const updateRule = defineEndpoint({
  method: 'PUT',
  path: '/api/automation/v1/rules/:uuid',
  summary: 'Replace a rule (audited); it is evaluated afresh from the next round',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.automationRuleInputSchema,
  response: s.automationRuleSchema,
  errors: [404, 422],
});
export const deleteRule = defineEndpoint({
  method: 'DELETE',
  path: '/api/automation/v1/rules/:uuid',
  summary: 'Delete a rule made by staff; a built-in rule is refused (409: disable it instead); its action log stays',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: z.object({ uuid: z.uuid() }),
  errors: [404, 409],
});
export const backtestRule = defineEndpoint({
  method: 'POST',
  path: '/api/automation/v1/rules/:uuid/backtest',
  summary: 'Run the rule over the stored data of the last days (30 at most): when it would have fired, doing what',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.backtestBodySchema,
  response: s.backtestResultSchema,
  errors: [404],
});
export const listActions = defineEndpoint({
  method: 'GET',
  path: '/api/automation/v1/actions',
  summary: 'What the rules did and what staff undid, newest first',
  roles: ADMIN_ROLES,
  query: s.actionLogQuerySchema,
  response: pagedSchema(s.actionLogItemSchema),
});
export const undoAction = defineEndpoint({
  method: 'POST',
  path: '/api/automation/v1/actions/:uuid/undo',
  summary: 'Put back exactly the state before the action (logged as an undo); refused when already undone',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.actionLogItemSchema,
  errors: [404, 409],
});
