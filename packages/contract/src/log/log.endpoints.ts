import { defineEndpoint } from '../access/endpoint.ts';
import { STAFF_ROLES } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import { logEntrySchema, logListQuerySchema } from './log.schemas.ts';

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/log/v1/list',
  summary: 'Audit log: own actions; admin and head see everyone',
  roles: STAFF_ROLES,
  query: logListQuerySchema,
  response: pagedSchema(logEntrySchema),
});
