import { defineEndpoint } from '../access/endpoint.ts';
import { ALL_ROLES } from '../access/roles.ts';
import { dashboardSchema } from './dashboard.schemas.ts';

export const summary = defineEndpoint({
  method: 'GET',
  path: '/api/dashboard/v1/summary',
  summary: 'Figures of today, yesterday and this month, the 30-day chart, tops and caps',
  roles: ALL_ROLES,
  response: dashboardSchema,
});
