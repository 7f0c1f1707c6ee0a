import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/tokens.ts';

/** On a database without an admin, create one; a generated password is returned so it can be printed once. */
export const ensureFirstAdmin = async (db: Db, email = 'admin@example.com', password?: string) => {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing.length) return null;
  const pass = password ?? randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({ email: email.toLowerCase(), passwordHash: await hashPassword(pass), role: 'admin', firstName: 'Admin' })
    .onConflictDoNothing();
  return { email: email.toLowerCase(), password: pass, generated: !password };
};
