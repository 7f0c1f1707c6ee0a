import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import * as s from './cold.schemas.ts';

// Admin, head and team lead (docs/product/cold-api.md); a team lead's lists, searches and sends hold only the leads
// of their team's affiliates, and they act only as those affiliates.
const roles = s.COLD_ROLES;
const LISTS = '/api/cold-api/v1/lead-lists';
const RULES = '/api/cold-api/v1/rules';
const DISTRIBUTIONS = '/api/cold-api/v1/distributions';
const deleted = z.object({ deleted: z.literal(true) });

export const listLeadLists = defineEndpoint({
  method: 'GET',
  path: `${LISTS}/list`,
  summary: 'Lead lists',
  roles,
  query: s.leadListQuerySchema,
  response: pagedSchema(s.leadListSchema),
});
export const createLeadList = defineEndpoint({
  method: 'POST',
  path: `${LISTS}/create`,
  summary: 'Create an empty lead list',
  roles,
  body: s.leadListInputSchema,
  response: s.leadListSchema,
});
export const searchLeads = defineEndpoint({
  method: 'GET',
  path: `${LISTS}/search`,
  summary: 'Stored leads (user sessions or the leads of conversions) a list can take',
  roles,
  query: s.coldSearchQuerySchema.extend({ source: s.coldSourceSchema.default('user_session') }),
  response: s.coldSearchPageSchema,
});
export const getLeadList = defineEndpoint({
  method: 'GET',
  path: `${LISTS}/:uuid`,
  summary: 'One lead list with its counts and the progress of its last addition',
  roles,
  params: uuidParamsSchema,
  response: s.leadListSchema,
});
export const updateLeadList = defineEndpoint({
  method: 'PUT',
  path: `${LISTS}/:uuid`,
  summary: 'Rename a lead list',
  roles,
  params: uuidParamsSchema,
  body: s.leadListInputSchema,
  response: s.leadListSchema,
});
export const removeLeadList = defineEndpoint({
  method: 'DELETE',
  path: `${LISTS}/:uuid`,
  summary: 'Delete a lead list no distribution uses',
  roles,
  errors: [409],
  params: uuidParamsSchema,
  response: deleted,
});
export const addLeads = defineEndpoint({
  method: 'POST',
  path: `${LISTS}/:uuid/add`,
  summary: 'Add ticked leads, or every lead of a filter in the background',
  roles,
  errors: [409],
  params: uuidParamsSchema,
  body: s.leadListAddSchema,
  response: s.leadListAddResultSchema,
});
export const listLeads = defineEndpoint({
  method: 'GET',
  path: `${LISTS}/:uuid/leads`,
  summary: "The list's leads of one tab, with their last re-send",
  roles,
  params: uuidParamsSchema,
  query: s.listLeadsQuerySchema,
  response: s.listLeadsPageSchema,
});
export const removeLeads = defineEndpoint({
  method: 'POST',
  path: `${LISTS}/:uuid/remove`,
  summary: 'Take leads out of a list',
  roles,
  params: uuidParamsSchema,
  body: s.listLeadsRemoveSchema,
  response: z.object({ removed: z.number().int() }),
});

export const listRules = defineEndpoint({
  method: 'GET',
  path: `${RULES}/list`,
  summary: 'Re-send rules',
  roles,
  query: s.ruleQuerySchema,
  response: pagedSchema(s.ruleSchema),
});
export const createRule = defineEndpoint({
  method: 'POST',
  path: `${RULES}/create`,
  summary: 'Create a re-send rule',
  roles,
  body: s.ruleInputSchema,
  response: s.ruleSchema,
});
export const getRule = defineEndpoint({
  method: 'GET',
  path: `${RULES}/:uuid`,
  summary: 'One re-send rule',
  roles,
  params: uuidParamsSchema,
  response: s.ruleSchema,
});
export const updateRule = defineEndpoint({
  method: 'PUT',
  path: `${RULES}/:uuid`,
  summary: 'Edit a re-send rule (running distributions use the new limits from their next send)',
  roles,
  params: uuidParamsSchema,
  body: s.ruleInputSchema,
  response: s.ruleSchema,
});
export const removeRule = defineEndpoint({
  method: 'DELETE',
  path: `${RULES}/:uuid`,
  summary: 'Delete a rule no distribution uses',
  roles,
  errors: [409],
  params: uuidParamsSchema,
  response: deleted,
});

export const listDistributions = defineEndpoint({
  method: 'GET',
  path: `${DISTRIBUTIONS}/list`,
  summary: 'Re-Cold API distributions with their counters',
  roles,
  query: s.distributionQuerySchema,
  response: pagedSchema(s.distributionSchema),
});
export const distributionOptions = defineEndpoint({
  method: 'GET',
  path: `${DISTRIBUTIONS}/options`,
  summary: 'What a distribution may use: API offers and their products, affiliates in scope, lists and rules',
  roles,
  response: s.coldOptionsSchema,
});
export const createDistribution = defineEndpoint({
  method: 'POST',
  path: `${DISTRIBUTIONS}/create`,
  summary: 'Create a distribution (it starts active)',
  roles,
  body: s.distributionInputSchema,
  response: s.distributionSchema,
});
export const getDistribution = defineEndpoint({
  method: 'GET',
  path: `${DISTRIBUTIONS}/:uuid`,
  summary: 'One distribution with its counters, last and next send',
  roles,
  params: uuidParamsSchema,
  response: s.distributionSchema,
});
export const updateDistribution = defineEndpoint({
  method: 'PUT',
  path: `${DISTRIBUTIONS}/:uuid`,
  summary: 'Edit a distribution that is not done or deleted',
  roles,
  errors: [409],
  params: uuidParamsSchema,
  body: s.distributionInputSchema,
  response: s.distributionSchema,
});
export const setDistributionStatus = defineEndpoint({
  method: 'POST',
  path: `${DISTRIBUTIONS}/:uuid/status`,
  summary: 'Pause, resume, finish or delete a distribution',
  roles,
  errors: [409],
  params: uuidParamsSchema,
  body: s.distributionStatusInputSchema,
  response: s.distributionSchema,
});
export const distributionSends = defineEndpoint({
  method: 'GET',
  path: `${DISTRIBUTIONS}/:uuid/sends`,
  summary: 'Every send of a distribution, newest first',
  roles,
  params: uuidParamsSchema,
  query: s.sendsQuerySchema,
  response: s.sendsPageSchema,
});
