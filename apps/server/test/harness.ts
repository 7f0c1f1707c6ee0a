import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { BuildOptions } from '../src/deps.ts';
import { loadConfig, type Config } from '../src/config/config.ts';
import { connectDb, type Db } from '../src/db/client.ts';
import type { Mail } from '../src/lib/mailer.ts';

export type TestApp = { app: FastifyInstance; db: Db; hotDb: Db; mails: Mail[]; close: () => Promise<void> };
/** `twoPools`: the panel pool, bounded by DB_STATEMENT_TIMEOUT_MS, apart from the hot paths' pool, as the server runs. */
export type TestOptions = { twoPools?: boolean };

const dbUrl = (name: string) => {
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh database cloned from the migrated template, and the real app on it (requests through `app.inject`).
 * Background jobs stay off unless a test passes `jobs` (starting and stopping pg-boss costs about a second).
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  jobs: BuildOptions['jobs'] = { start: false },
  o: TestOptions = {},
): Promise<TestApp> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = connectDb(inject('pgUrl'), 1);
  await admin.$client.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.$client.end();
  const config: Config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: dbUrl(name), ...env });
  const db = connectDb(dbUrl(name), 5, o.twoPools ? { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS } : {});
  const hotDb = o.twoPools ? connectDb(dbUrl(name), 5) : db;
  const mails: Mail[] = [];
  const app = await buildApp({
    db,
    hotDb,
    config,
    distDir: '/nonexistent',
    mailer: {
      send: async (m) => {
        mails.push(m);
      },
    },
    secretKey: 'test-secret-key-0123456789',
    jobs,
  });
  await app.ready();
  return {
    app,
    db,
    hotDb,
    mails,
    close: async () => {
      await app.close();
      await db.$client.end();
      if (hotDb !== db) await hotDb.$client.end();
    },
  };
};

/**
 * A test app and the world `build` makes on it, for one `beforeAll` (env, jobs and options as createTestApp's). The app
 * is closed again when the world cannot be built, so a failed setup leaves no database connection behind.
 */
export const createTestWorld = async <W>(
  build: (t: TestApp) => Promise<W>,
  ...args: Parameters<typeof createTestApp>
) => {
  const t = await createTestApp(...args);
  try {
    return { t, w: await build(t) };
  } catch (err) {
    await t.close();
    throw err;
  }
};
