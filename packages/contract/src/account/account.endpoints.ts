import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ALL_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { updateBodyOf } from '../http/update-body.ts';
import * as s from './account.schemas.ts';

const ok = z.object({});

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/account/v1/profile',
  summary: 'Own profile',
  roles: ALL_ROLES,
  response: s.profileSchema,
});
export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/account/v1/profile',
  summary: 'Edit own profile',
  roles: ALL_ROLES,
  // Contacts and time zone left out keep what is stored (docs/product/settings.md).
  body: updateBodyOf(s.profileUpdateSchema),
  response: s.profileSchema,
});
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/v1/password',
  summary: 'Change own password; other sessions are revoked',
  roles: ALL_ROLES,
  body: s.passwordChangeSchema,
  response: ok,
  errors: [429],
});
export const setupTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/v1/2fa/setup',
  summary: 'Start 2FA set-up: a new secret and its QR code',
  roles: ALL_ROLES,
  response: s.twoFactorSetupSchema,
});
export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/v1/2fa/enable',
  summary: 'Confirm 2FA with a code; returns recovery codes once',
  roles: ALL_ROLES,
  body: s.twoFactorCodeSchema,
  response: s.twoFactorEnabledSchema,
});
export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/v1/2fa/disable',
  summary: 'Turn 2FA off with the password and a code',
  roles: ALL_ROLES,
  body: s.twoFactorDisableSchema,
  response: ok,
  errors: [429],
});
export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/api/account/v1/sessions',
  summary: 'Own active sessions',
  roles: ALL_ROLES,
  response: z.object({ list: z.array(s.sessionInfoSchema) }),
});
export const revokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/v1/sessions/:uuid',
  summary: 'Sign a session out',
  roles: ALL_ROLES,
  params: uuidParamsSchema,
  response: ok,
});
export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api/account/v1/api-keys',
  summary: 'Own lead API keys',
  roles: ['affiliate'],
  response: z.object({ list: z.array(s.apiKeySchema) }),
});
export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/account/v1/api-keys',
  summary: 'Create a lead API key (shown once)',
  roles: ['affiliate'],
  body: s.apiKeyCreateSchema,
  response: s.apiKeyCreatedSchema,
});
export const revokeApiKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/v1/api-keys/:uuid',
  summary: 'Revoke a lead API key',
  roles: ['affiliate'],
  params: uuidParamsSchema,
  response: ok,
});
export const getPaymentMethods = defineEndpoint({
  method: 'GET',
  path: '/api/account/v1/payment-methods',
  summary: 'Own payment details',
  roles: ['affiliate'],
  response: s.paymentMethodsDataSchema,
});
export const putPaymentMethods = defineEndpoint({
  method: 'PUT',
  path: '/api/account/v1/payment-methods',
  summary: 'Replace own payment details (current password, and a 2FA code when on, required); the affiliate is mailed',
  roles: ['affiliate'],
  body: s.paymentMethodsBodySchema,
  response: s.paymentMethodsDataSchema,
  errors: [429],
});
/** Lets an affiliate's integration verify its key; the lead API proper comes with lead distribution. */
export const checkApiKey = defineEndpoint({
  method: 'GET',
  path: '/api/lead/v1/check',
  summary: 'Verify an X-Api-Key',
  roles: 'api_key',
  response: s.apiKeyCheckSchema,
  // The path says "check" of the lead API; what it checks is the key.
  operationId: 'checkApiKey',
});
