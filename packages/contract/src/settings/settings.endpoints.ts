import { defineEndpoint } from '../access/endpoint.ts';
import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES } from '../access/roles.ts';
import { updateBodyOf } from '../http/update-body.ts';
import {
  affiliateDefaultsSchema,
  generalSettingsSchema,
  logoInfoSchema,
  supportContactsSchema,
  publicSettingsSchema,
  rawDataRetentionSchema,
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
  body: updateBodyOf(generalSettingsSchema),
  response: generalSettingsSchema,
});

export const getPublic = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/public',
  summary: 'Partner title and defaults, for every visitor',
  roles: 'public',
  response: publicSettingsSchema,
});

/** Whom a signed-in user may write to; partners see it on their dashboard. */
export const getSupport = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/support',
  summary: 'Support contacts, for every signed-in user',
  roles: ALL_ROLES,
  response: supportContactsSchema,
});

/** The clicks and postback logs say how far back they go; everyone who can open a log may ask. */
export const getRawDataRetention = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/raw-data',
  summary: 'How far back raw clicks and the postback logs go',
  roles: ALL_ROLES,
  response: rawDataRetentionSchema,
});

export const uploadLogo = defineEndpoint({
  method: 'POST',
  path: '/api/settings/v1/logo',
  summary: 'Upload the logo (the raw bytes of a PNG, JPEG or WebP as application/octet-stream, at most 512 KB)',
  roles: ADMIN_ROLES,
  response: logoInfoSchema,
});
export const removeLogo = defineEndpoint({
  method: 'DELETE',
  path: '/api/settings/v1/logo',
  summary: 'Remove the logo',
  roles: ADMIN_ROLES,
  response: z.object({ removed: z.boolean() }),
});
/** The image itself, for every visitor (the sign-in page shows it). */
export const getLogo = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/logo',
  summary: 'The logo image',
  roles: 'public',
  response: z.unknown(),
  errors: [404],
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
  body: updateBodyOf(registrationSettingsSchema),
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
  body: updateBodyOf(affiliateDefaultsSchema),
  response: affiliateDefaultsSchema,
});
