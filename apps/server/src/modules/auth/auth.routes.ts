import type { FastifyInstance } from 'fastify';
import { authApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { writeAudit } from '../../lib/audit.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { checkUserData, findMe, register, requestPasswordReset, resetPassword } from './account.service.ts';
import { login } from './auth.service.ts';
import { impersonate } from './impersonation.service.ts';
import { revokeSession } from './session.service.ts';

export const authRoutes = async (app: FastifyInstance, { db, mailer, config, secrets }: AppDeps) => {
  registerEndpoint(app, authApi.login, ({ body, ip, userAgent }) => login(db, secrets, body, { ip, userAgent }));
  registerEndpoint(app, authApi.registration, ({ body, ip }) => register(db, mailer, body, ip));
  registerEndpoint(app, authApi.checkUserData, ({ body, ip }) => checkUserData(db, body.email, ip));
  registerEndpoint(app, authApi.me, ({ auth }) => findMe(db, auth!));
  registerEndpoint(app, authApi.getAffiliateToken, ({ auth, body, ip, userAgent }) =>
    impersonate(db, auth!, body.uuid, { ip, userAgent }),
  );

  registerEndpoint(app, authApi.logout, async ({ auth, ip }) => {
    await revokeSession(db, auth!.sessionId);
    await writeAudit(db, {
      action: 'logout',
      actorId: auth!.impersonatorId ?? auth!.user.id,
      subjectId: auth!.user.id,
      ip,
    });
    return {};
  });

  // Never the request's Host: whoever asks for the reset would choose where the victim's token goes.
  registerEndpoint(app, authApi.passwordRecovery, ({ body, ip }) =>
    requestPasswordReset(db, mailer, body.email, ip, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`),
  );
  registerEndpoint(app, authApi.passwordReset, ({ body, ip }) => resetPassword(db, body.token, body.password, ip));
};
