import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { systemOverviewSchema } from './system.schemas.ts';

export const getOverview = defineEndpoint({
  method: 'GET',
  path: '/api/system/v1/overview',
  summary:
    'The system screen: server processes, database size per table and partition, retention, job queues and schedules, mail outbox, set-aside rows',
  roles: ADMIN_ROLES,
  response: systemOverviewSchema,
});
