import { createHash, randomBytes, randomInt, scryptSync } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Role } from '@pxl/contract';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { verifyPassword } from '../src/lib/tokens.ts';
import { createSession } from '../src/modules/auth/index.ts';

export const PASSWORD = 'test-pass-2026';

/**
 * Factory users get a cheap scrypt (N=1024) in the server's hash format. The parameters travel inside the hash,
 * so the server verifies it as it would any older hash, and the many logins of the suite stay fast.
 */
const cheapHash = (password: string) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
};
let hashed: Promise<string> | undefined;
const factoryHash = () =>
  (hashed ??= (async () => {
    const hash = cheapHash(PASSWORD);
    if (!(await verifyPassword(PASSWORD, hash)))
      throw new Error('factory hash no longer matches the server hash format');
    return hash;
  })());

export type UserInput = Partial<typeof users.$inferInsert> & { role: Role };

export const createUser = async (db: Db, input: UserInput) => {
  const email = input.email ?? `${input.role}-${randomBytes(4).toString('hex')}@test.local`;
  const managerType = input.managerType ?? (['manager', 'team_lead', 'head'].includes(input.role) ? 'affiliate' : null);
  const [user] = await db
    .insert(users)
    .values({ passwordHash: await factoryHash(), ...input, email, managerType })
    .returning();
  return user;
};

/** A distinct client address, so per-IP rate limits of one test do not leak into another. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const loginAs = async (app: FastifyInstance, email: string, password = PASSWORD) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    payload: { email, password },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.body}`);
  return res.json().data.token as string;
};

/** A user of the role and a token for them. */
export const signedIn = async (app: FastifyInstance, db: Db, input: UserInput) => {
  const user = await createUser(db, input);
  return { user, token: await loginAs(app, user.email) };
};

/** A session token straight from the service (no login round trip, no rate limit), for tests that need many. */
export const sessionFor = (db: Db, userId: string, impersonatorId?: string) =>
  createSession(db, userId, { impersonatorId });

export const authHeader = (token: string) => ({ 'pxl-authorization': token });

export type CallOptions = {
  token?: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  ip?: string;
};

/** One request through the real app: token in PXL-AUTHORIZATION, optional JSON payload and client IP. */
export const call = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  o: CallOptions = {},
) =>
  app.inject({
    method,
    url,
    payload: o.payload,
    remoteAddress: o.ip,
    headers: { ...(o.token ? authHeader(o.token) : {}), ...o.headers },
  });

/** Request signing headers (docs/product/api-and-errors.md): x-signature = sha256 hex of x-timestamp + token + body ('' for GET). */
export const signatureHeaders = (token: string, body: string, timestamp = Date.now()) => ({
  'x-timestamp': String(timestamp),
  'x-signature': createHash('sha256').update(`${timestamp}${token}${body}`).digest('hex'),
});
