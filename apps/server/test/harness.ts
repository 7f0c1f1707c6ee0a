import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/config.ts';
import { connectDb, type Db } from '../src/db/client.ts';
import type { Mail } from '../src/lib/mailer.ts';

export type TestApp = { app: FastifyInstance; db: Db; mails: Mail[]; close: () => Promise<void> };

const dbUrl = (name: string) => {
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh database cloned from the migrated template, and the real app on it (requests through `app.inject`).
 * Background jobs stay off unless a test passes `jobs` (starting and stopping pg-boss costs about a second).
 */
export const createTestApp = async (env: Record<string, string> = {}, jobs: BuildOptions['jobs'] = { start: false }): Promise<TestApp> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = connectDb(inject('pgUrl'), 1);
  await admin.$client.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.$client.end();
  const db = connectDb(dbUrl(name), 5);
  const config: Config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: dbUrl(name), ...env });
  const mails: Mail[] = [];
  const app = await buildApp({ db, config, distDir: '/nonexistent', mailer: { send: async (m) => { mails.push(m); } }, secretKey: 'test-secret-key-0123456789', jobs });
  await app.ready();
  return {
    app, db, mails,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
};
