import { defineEndpoint } from '../access/endpoint.ts';
import { ALL_ROLES } from '../access/roles.ts';
import * as s from './auth.schemas.ts';

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/v1/login',
  summary: 'Sign in with email, password and, with 2FA on, a TOTP code',
  roles: 'public',
  body: s.loginBodySchema,
  response: s.sessionDataSchema,
  errors: [401, 403, 429],
});

export const registration = defineEndpoint({
  method: 'POST',
  path: '/api/auth/v1/registration',
  summary: 'Partner self-signup; the account waits for moderation',
  roles: 'public',
  body: s.registrationBodySchema,
  response: s.registrationDataSchema,
  errors: [403, 429],
});

export const checkUserData = defineEndpoint({
  method: 'POST',
  path: '/api/auth/v1/check-user-data',
  summary: 'Whether an email is free for signup',
  roles: 'public',
  body: s.checkUserDataBodySchema,
  response: s.checkUserDataSchema,
  errors: [429],
});

export const logout = defineEndpoint({
  method: 'GET',
  path: '/api/auth/v1/logout',
  summary: 'Revoke the current token',
  roles: ALL_ROLES,
  response: s.emptySchema,
});

export const getAffiliateToken = defineEndpoint({
  method: 'POST',
  path: '/api/auth/v1/get-affiliate-token',
  summary: 'Impersonate an affiliate (audited)',
  roles: ['admin', 'head', 'manager', 'team_lead'],
  body: s.affiliateTokenBodySchema,
  response: s.sessionDataSchema,
  errors: [404],
});

export const me = defineEndpoint({
  method: 'GET',
  path: '/api/auth/v1/me',
  summary: 'The signed-in user',
  roles: ALL_ROLES,
  response: s.meSchema,
});

export const passwordRecovery = defineEndpoint({
  method: 'POST',
  path: '/api/auth/v1/password-recovery',
  summary: 'Email a password reset link (answers the same for unknown emails)',
  roles: 'public',
  body: s.recoveryRequestBodySchema,
  response: s.emptySchema,
  errors: [429],
});

export const passwordReset = defineEndpoint({
  method: 'POST',
  path: '/api/auth/v1/password-reset',
  summary: 'Set a new password with a reset token',
  roles: 'public',
  body: s.recoveryResetBodySchema,
  response: s.emptySchema,
});
