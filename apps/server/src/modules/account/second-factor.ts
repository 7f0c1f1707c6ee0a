import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { matchTotpStep } from '../../lib/totp.ts';
import { openTotpSecret } from './totp-secret.ts';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
const TOTP_CODE = /^\d{6}$/;

const chunk = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten `xxxxx-xxxxx` codes (~51 bits each): readable aloud, typed once, never shown again. */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, () => `${chunk()}-${chunk()}`);

/** Codes are stored hashed; a plain SHA-256 is enough for 51 random bits behind a login rate limit. */
export const hashRecoveryCode = (code: string) => sha256Hex(code.trim().toLowerCase());

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a 6-digit TOTP against the user's secret (each time step once), or spends one recovery code. The code is removed from the stored
 * hashes in the same statement that finds it, so two concurrent logins cannot both use it.
 */
export const checkSecondFactor = async (
  db: Db,
  secrets: Secrets,
  user: { id: string; totpSecret: string | null },
  code: string,
): Promise<SecondFactor | null> => {
  const c = code.trim().toLowerCase();
  if (!user.totpSecret) return null;
  if (TOTP_CODE.test(c)) {
    const step = matchTotpStep(openTotpSecret(secrets, user.totpSecret), c);
    if (step === null) return null;
    // Claiming the step in the same statement that checks it refuses a replay, even by a concurrent login.
    const { rowCount } = await db.execute(sql`
      update users set totp_last_step = ${step}
      where id = ${user.id} and (totp_last_step is null or totp_last_step < ${step})`);
    return rowCount ? 'totp' : null;
  }
  if (!RECOVERY_CODE.test(c)) return null;
  const hash = hashRecoveryCode(c);
  const { rowCount } = await db.execute(sql`
    update users set recovery_codes = recovery_codes - ${hash}::text, updated_at = now()
    where id = ${user.id} and recovery_codes @> jsonb_build_array(${hash}::text)`);
  return rowCount ? 'recovery_code' : null;
};
