import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@pxl/contract';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/tokens.ts';

export const PASSWORD = 'test-pass-2026';
let hashed: Promise<string> | undefined;

export type UserInput = Partial<typeof users.$inferInsert> & { role: Role };

export const createUser = async (db: Db, input: UserInput) => {
  hashed ??= hashPassword(PASSWORD);
  const email = input.email ?? `${input.role}-${randomBytes(4).toString('hex')}@test.local`;
  const managerType = input.managerType ?? (['manager', 'team_lead', 'head'].includes(input.role) ? 'affiliate' : null);
  const [user] = await db.insert(users).values({ passwordHash: await hashed, ...input, email, managerType }).returning();
  return user;
};

export const loginAs = async (app: FastifyInstance, email: string, password = PASSWORD) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.body}`);
  return res.json().data.token as string;
};

/** A user of the role and a token for them. */
export const signedIn = async (app: FastifyInstance, db: Db, input: UserInput) => {
  const user = await createUser(db, input);
  return { user, token: await loginAs(app, user.email) };
};

export const authHeader = (token: string) => ({ 'pxl-authorization': token });
