import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import {
  affiliateDefaultsSchema,
  generalSettingsSchema,
  publicSettingsSchema,
  registrationSettingsSchema,
} from './settings.schemas.ts';

export const getGeneral = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/general',
  summary: 'General settings',
  roles: ADMIN_ROLES,
  response: generalSettingsSchema,
});

export const putGeneral = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/v1/general',
  summary: 'Change general settings (audited)',
  roles: ADMIN_ROLES,
  body: generalSettingsSchema,
  response: generalSettingsSchema,
});

export const getPublic = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/public',
  summary: 'Partner title and defaults, for every visitor',
  roles: 'public',
  response: publicSettingsSchema,
});

export const getRegistration = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/registration',
  summary: 'Signup rules',
  roles: ADMIN_ROLES,
  response: registrationSettingsSchema,
});
export const putRegistration = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/v1/registration',
  summary: 'Change signup rules (audited)',
  roles: ADMIN_ROLES,
  body: registrationSettingsSchema,
  response: registrationSettingsSchema,
});
/** What the signup form needs to know before anyone signs in. */
export const getPublicRegistration = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/registration/public',
  summary: 'Signup rules for the signup form',
  roles: 'public',
  response: registrationSettingsSchema,
});
export const getAffiliateDefaults = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/affiliates',
  summary: 'Defaults for new affiliates',
  roles: ADMIN_ROLES,
  response: affiliateDefaultsSchema,
});
export const putAffiliateDefaults = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/v1/affiliates',
  summary: 'Change defaults for new affiliates (audited)',
  roles: ADMIN_ROLES,
  body: affiliateDefaultsSchema,
  response: affiliateDefaultsSchema,
});
