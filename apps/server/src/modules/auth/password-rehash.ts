import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, needsRehash } from '../../lib/tokens.ts';

/**
 * After a successful sign-in, a hash made with older parameters is replaced by one at today's cost; the password is
 * known only at this moment. docs/decisions/015-outbound-and-headers.md
 */
export const rehashIfStale = async (db: Db, user: { id: string; passwordHash: string }, password: string) => {
  if (!needsRehash(user.passwordHash)) return;
  const passwordHash = await hashPassword(password);
  // Only over the hash that was checked: a password changed meanwhile is not put back.
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
};
