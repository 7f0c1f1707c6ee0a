import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/tokens.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { matchTotpStep, newTotpSecret } from '../../lib/totp.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalSettings } from '../settings/index.ts';
import { accountFailures, actorOf, claimAttempt, clearAttempts } from './account.guard.ts';
import { checkSecondFactor, hashRecoveryCode, newRecoveryCodes } from './second-factor.ts';
import { openTotpSecret } from './totp-secret.ts';

const alreadyOn = () => badRequest('two_factor', 'Two-factor authentication is already on');
const invalidCode = () => badRequest('code', 'The code is not valid');

const findUser = async (db: Db, id: string) => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('User');
  return user;
};

/** Key URI format of Google Authenticator: the issuer both prefixes the label and travels as a parameter. */
export const otpauthUrl = (issuer: string, email: string, secret: string) =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(email)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}`;

/** A new secret kept as pending until a code proves the app has it; set-up again simply replaces it. */
export const setupTwoFactor = async (db: Db, secrets: Secrets, auth: AuthContext) => {
  const user = await findUser(db, auth.user.id);
  if (user.totpSecret) throw alreadyOn();
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ totpPendingSecret: secrets.encrypt(secret) })
    .where(eq(users.id, user.id));
  const { partner_title } = await generalSettings.get(db);
  const url = otpauthUrl(partner_title, user.email, secret);
  return { secret, otpauth_url: url, qr_svg: await QRCode.toString(url, { type: 'svg' }) };
};

export const enableTwoFactor = async (db: Db, secrets: Secrets, auth: AuthContext, code: string, ip: string) => {
  const user = await findUser(db, auth.user.id);
  if (user.totpSecret) throw alreadyOn();
  const pending = user.totpPendingSecret;
  if (!pending) throw badRequest('code', 'Start the two-factor set-up first');
  const step = matchTotpStep(openTotpSecret(secrets, pending), code);
  if (step === null) throw invalidCode();
  const codes = newRecoveryCodes();
  // Guarded on the same pending secret, so a set-up restarted meanwhile is not switched on with the old one.
  const updated = await db
    .update(users)
    .set({
      totpSecret: pending,
      totpPendingSecret: null,
      totpLastStep: step,
      recoveryCodes: codes.map(hashRecoveryCode),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, user.id), isNull(users.totpSecret), eq(users.totpPendingSecret, pending)))
    .returning({ id: users.id });
  if (!updated.length) throw badRequest('code', 'Start the two-factor set-up first');
  await writeAudit(db, { action: 'two_factor_enable', actorId: actorOf(auth), subjectId: user.id, ip });
  return { recovery_codes: codes };
};

/** Needs the password and a current code (or a recovery code), so a session left open cannot drop the second factor. */
export const disableTwoFactor = async (
  db: Db,
  secrets: Secrets,
  auth: AuthContext,
  body: { password: string; code: string },
  ip: string,
) => {
  const limit = accountFailures(auth.user.id);
  await claimAttempt(db, limit);
  const user = await findUser(db, auth.user.id);
  if (!user.totpSecret) throw badRequest('two_factor', 'Two-factor authentication is off');
  if (!(await verifyPassword(body.password, user.passwordHash))) {
    throw badRequest('password', 'Password is wrong');
  }
  if (!(await checkSecondFactor(db, secrets, user, body.code))) {
    throw invalidCode();
  }
  await clearAttempts(db, limit);
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, recoveryCodes: [], updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await writeAudit(db, { action: 'two_factor_disable', actorId: actorOf(auth), subjectId: user.id, ip });
  return {};
};
