// Test-only: one small network with every staff role, shared by the affiliates, advertisers and managers tests.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { call, createUser, sessionFor, type UserInput } from '#test/factories.ts';
import { createTestWorld } from '#test/harness.ts';

export type Member = { id: string; email: string; token: string };

const member = async (db: Db, input: UserInput): Promise<Member> => {
  const user = await createUser(db, input);
  return { id: user.id, email: user.email, token: await sessionFor(db, user.id) };
};

/**
 * admin, head; a team lead with managerA in the team; managerB outside any team.
 * `tag` is unique per world so list assertions ignore rows other tests created.
 */
export const createStaffWorld = async (db: Db) => {
  const admin = await member(db, { role: 'admin' });
  const head = await member(db, { role: 'head' });
  const lead = await member(db, { role: 'team_lead' });
  const managerA = await member(db, { role: 'manager', teamLeadId: lead.id });
  const managerB = await member(db, { role: 'manager' });
  return {
    admin,
    head,
    lead,
    managerA,
    managerB,
    tag: `w${randomBytes(4).toString('hex')}`,
    member: (input: UserInput) => member(db, input),
  };
};
export type StaffWorld = Awaited<ReturnType<typeof createStaffWorld>>;

/** A test file's setup: a test app with a staff world on it. */
export const startStaffWorld = () => createTestWorld((t) => createStaffWorld(t.db));

/** Settings sections are plain JSON rows; tests write them directly instead of going through an admin call. */
export const putSettings = (db: Db, key: string, value: Record<string, unknown>) =>
  db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@test.local`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `call` with a JSON answer; the raw body is kept for "secret never in the response" checks. */
export const api = async (
  app: FastifyInstance,
  method: Method,
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => {
  const res = await call(app, method, url, { token, payload });
  return {
    status: res.statusCode,
    body: res.body,
    json: res.json() as { status: string; data: any; error: Record<string, string> | null },
  };
};
