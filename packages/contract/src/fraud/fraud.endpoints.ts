import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { fraudSettingsUpdateSchema } from './fraud-settings.schemas.ts';
import { fraudSettingsSchema } from './fraud.schemas.ts';

export const getSettings = defineEndpoint({
  method: 'GET',
  path: '/api/fraud/v1/settings',
  summary: "The network's fraud defaults: signal weights, thresholds and actions by score",
  roles: ADMIN_ROLES,
  response: fraudSettingsSchema,
});

export const putSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/fraud/v1/settings',
  summary: "Change the network's fraud defaults; a field left out keeps its value (audited)",
  roles: ADMIN_ROLES,
  body: fraudSettingsUpdateSchema,
  response: fraudSettingsSchema,
});
