import type { FastifyInstance } from 'fastify';
import { accountApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getPaymentMethods, getProfile, putPaymentMethods, updateProfile } from './account.profile.service.ts';
import { ownerOnly } from './account.guard.ts';
import { changePassword } from './account.password.service.ts';
import { listSessions, revokeOwnSession } from './account.sessions.service.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service.ts';
import { sealPlainTotpSecrets } from './totp-secret.ts';

/** The signed-in user's own account: every handler acts on `auth.user` only, so there is nothing to scope. */
export const accountRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db, secrets } = deps;
  // Secrets written before they were sealed are sealed once the server listens; until then a plain one still reads
  // (docs/decisions/016-token-totp-audit.md).
  app.background.add('sealing TOTP secrets', [() => sealPlainTotpSecrets(db, secrets)]);

  registerEndpoint(app, accountApi.getProfile, ({ auth }) => getProfile(db, auth!));
  registerEndpoint(app, accountApi.updateProfile, ({ auth, body, ip }) => updateProfile(db, auth!, body, ip));
  registerEndpoint(app, accountApi.changePassword, async ({ auth, body, ip }) => {
    ownerOnly(auth!);
    return changePassword(db, auth!, body, ip);
  });

  registerEndpoint(app, accountApi.setupTwoFactor, async ({ auth }) => {
    ownerOnly(auth!);
    return setupTwoFactor(db, secrets, auth!);
  });
  registerEndpoint(app, accountApi.enableTwoFactor, async ({ auth, body, ip }) => {
    ownerOnly(auth!);
    return enableTwoFactor(db, secrets, auth!, body.code, ip);
  });
  registerEndpoint(app, accountApi.disableTwoFactor, async ({ auth, body, ip }) => {
    ownerOnly(auth!);
    return disableTwoFactor(db, secrets, auth!, body, ip);
  });

  registerEndpoint(app, accountApi.listSessions, ({ auth }) => listSessions(db, auth!));
  registerEndpoint(app, accountApi.revokeSession, ({ auth, params, ip }) =>
    revokeOwnSession(db, auth!, params.uuid, ip),
  );

  registerEndpoint(app, accountApi.listApiKeys, ({ auth }) => listApiKeys(db, auth!.user.id));
  registerEndpoint(app, accountApi.createApiKey, ({ auth, body, ip }) =>
    createApiKey(db, secrets, auth!, body.name, ip),
  );
  registerEndpoint(app, accountApi.revokeApiKey, ({ auth, params, ip }) => revokeApiKey(db, auth!, params.uuid, ip));

  registerEndpoint(app, accountApi.getPaymentMethods, ({ auth }) => getPaymentMethods(db, auth!));
  registerEndpoint(app, accountApi.putPaymentMethods, ({ auth, body, ip }) => putPaymentMethods(deps, auth!, body, ip));

  // The auth plugin has already resolved the X-Api-Key: auth is its affiliate, req.apiKey the key.
  registerEndpoint(app, accountApi.checkApiKey, async ({ auth, req }) => ({
    affiliate_uuid: auth!.user.id,
    key_name: req.apiKey!.name,
  }));
};
