import { defineEndpoint } from '../access/endpoint.ts';
import { ALL_ROLES, STAFF_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './statistic.schemas.ts';

// Every role has statistics (docs/product/routes.md); the server scopes rows to the caller and strips what the role
// may not see (docs/product/statistics.md). Affiliates never get revenue, profit, advertisers or products; advertisers never payouts.

export const general = defineEndpoint({
  method: 'GET',
  path: '/api/statistic/v1/general',
  summary: 'General report: figures grouped by one or two dimensions, with totals',
  roles: ALL_ROLES,
  query: s.generalQuerySchema,
  response: s.generalReportSchema,
});
export const chart = defineEndpoint({
  method: 'GET',
  path: '/api/statistic/v1/chart',
  summary: 'Figures per day (or hour) over the period, for the chart',
  roles: ALL_ROLES,
  query: s.chartQuerySchema,
  response: s.chartSchema,
});
export const clicks = defineEndpoint({
  method: 'GET',
  path: '/api/statistic/v1/clicks',
  summary: 'Click log, newest first',
  roles: ALL_ROLES,
  query: s.clickLogQuerySchema,
  response: s.logPageSchema(s.clickLogRowSchema),
});
export const conversions = defineEndpoint({
  method: 'GET',
  path: '/api/statistic/v1/conversions',
  summary: 'Conversions, newest first',
  roles: ALL_ROLES,
  query: s.conversionLogQuerySchema,
  response: s.logPageSchema(s.conversionLogRowSchema),
});
export const sessions = defineEndpoint({
  method: 'GET',
  path: '/api/statistic/v1/user-sessions',
  summary: 'User sessions (leads) with their attempts and call statuses',
  roles: ALL_ROLES,
  query: s.sessionLogQuerySchema,
  response: s.logPageSchema(s.sessionLogRowSchema),
});
/** The detail screen is staff only (docs/product/routes.md gives affiliates no conversion detail). */
export const conversionDetail = defineEndpoint({
  method: 'GET',
  path: '/api/statistic/v1/conversions/:uuid',
  summary: 'One conversion with its click, lead, history and postbacks',
  roles: STAFF_ROLES,
  params: uuidParamsSchema,
  response: s.conversionDetailSchema,
});
