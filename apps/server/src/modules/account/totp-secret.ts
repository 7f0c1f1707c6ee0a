import { and, eq, isNotNull, notLike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';

// TOTP secrets are sealed with the secret key (lib/secrets.ts), so a dump of the database cannot mint codes
// (docs/decisions/016-token-totp-audit.md). A sealed value starts with its format tag; a base32 secret never does.
const SEALED_PREFIX = 'v1.';

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** Rows from before sealing still read as they are until the start-up pass below has sealed them. */
export const openTotpSecret = (secrets: Secrets, stored: string) =>
  isSealed(stored) ? secrets.decrypt(stored) : stored;

const COLUMNS = ['totpSecret', 'totpPendingSecret'] as const;
const plainIn = (c: (typeof COLUMNS)[number]) => and(isNotNull(users[c]), notLike(users[c], `${SEALED_PREFIX}%`));

/**
 * Seals the secrets still stored plain; run at start, answers how many it sealed. Each write is a compare-and-set on
 * the plain value, so processes starting together seal a row once and a secret changed meanwhile is left alone.
 */
export const sealPlainTotpSecrets = async (db: Db, secrets: Secrets) => {
  const rows = await db
    .select({ id: users.id, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
    .from(users)
    .where(or(plainIn('totpSecret'), plainIn('totpPendingSecret')));
  let sealed = 0;
  for (const row of rows) {
    for (const c of COLUMNS) {
      const plain = row[c];
      if (!plain || isSealed(plain)) continue;
      const done = await db
        .update(users)
        .set({ [c]: secrets.encrypt(plain) })
        .where(and(eq(users.id, row.id), eq(users[c], plain)))
        .returning({ id: users.id });
      sealed += done.length;
    }
  }
  return sealed;
};
