import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { generalSettingsSchema, publicSettingsSchema } from './settings.schemas.ts';

export const getGeneral = defineEndpoint({
  method: 'GET', path: '/api/settings/v1/general', summary: 'General settings',
  roles: ADMIN_ROLES, response: generalSettingsSchema,
});

export const putGeneral = defineEndpoint({
  method: 'PUT', path: '/api/settings/v1/general', summary: 'Change general settings (audited)',
  roles: ADMIN_ROLES, body: generalSettingsSchema, response: generalSettingsSchema,
});

export const getPublic = defineEndpoint({
  method: 'GET', path: '/api/settings/v1/public', summary: 'Partner title and defaults, for every visitor',
  roles: 'public', response: publicSettingsSchema,
});
