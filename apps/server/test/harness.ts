import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { BuildOptions } from '../src/deps.ts';
import type { Services } from '../src/services.ts';
import { loadConfig, type Config } from '../src/config/config.ts';
import { connectDb, type Db } from '../src/db/client.ts';
import { settings } from '../src/db/schema.ts';
import { createSecrets } from '../src/lib/secrets.ts';
import { deliverQueuedNow } from '../src/modules/mail/index.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.ts';

export type TestApp = {
  app: FastifyInstance;
  /** The app's runtime services (services.ts): the click writer and caches, the lead cache, the Cold API runner. */
  services: Services;
  db: Db;
  hotDb: Db;
  /** The test SMTP server the app's SMTP settings point to (null with `smtp: false`). */
  smtp: SmtpSink | null;
  /** Delivers every queued mail to the test SMTP server now and returns all it received, oldest first. */
  sentMails: () => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};
/**
 * `twoPools`: the panel pool, bounded by DB_STATEMENT_TIMEOUT_MS, apart from the hot paths' pool, as the server runs.
 * `smtp: false`: no SMTP settings and no test SMTP server (the app as installed, before SMTP is configured).
 */
export type TestOptions = { twoPools?: boolean; smtp?: boolean };
export const TEST_SECRET_KEY = 'test-secret-key-0123456789';

/** SMTP settings as stored, for a plain test SMTP server on this port without a password. */
export const testSmtpSettings = (port: number) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  user: '',
  password_sealed: null,
  from_name: 'PXL Panel',
  from_email: 'panel@example.test',
});

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
  const smtp = o.smtp === false ? null : await startSmtpSink();
  if (smtp) await db.insert(settings).values({ key: 'smtp', value: testSmtpSettings(smtp.port) });
  const { app, services } = await buildApp({
    db,
    hotDb,
    config,
    distDir: '/nonexistent',
    secretKey: TEST_SECRET_KEY,
    jobs,
  });
  await app.ready();
  // The harness's own flush delivers to its own sink on loopback, so it allows private hosts whatever the app's setting;
  // the app's delivery job and test button follow ALLOW_PRIVATE_POSTBACK_TARGETS.
  const mailDeps = { db, secrets: createSecrets(TEST_SECRET_KEY), smtp: { allowPrivate: true }, retryDelays: [] };
  return {
    app,
    services,
    db,
    hotDb,
    smtp,
    sentMails: async () => {
      await deliverQueuedNow(mailDeps);
      return smtp?.mails ?? [];
    },
    close: async () => {
      await app.close();
      await smtp?.close();
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

/**
 * Polls until `read` gives what `done` accepts. The deadline only keeps a broken run from hanging: it is far past what
 * a busy machine needs, so the verdict is the state, not the speed.
 */
export const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 60_000) => {
  for (const deadline = Date.now() + ms; ;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
