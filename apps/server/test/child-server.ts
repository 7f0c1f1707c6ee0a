import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { connectDb, type Db } from '../src/db/client.ts';
import { freePort } from './free-port.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The server as a real child process on a database of its own (made from the test template), for tests that kill it
 * with SIGKILL and start it again: what a crash leaves must be what the next process finds. `db` reads and seeds the
 * same database from the test. `databaseUrl` puts it on an existing database instead, beside other processes.
 */
export const childServer = async (
  name: string,
  extraEnv: Record<string, string> = {},
  o: { databaseUrl?: string } = {},
) => {
  const dbUrl = new URL(inject('pgUrl'));
  if (o.databaseUrl) dbUrl.href = o.databaseUrl;
  else {
    const database = `t_${randomBytes(6).toString('hex')}`;
    const admin = connectDb(inject('pgUrl'), 1);
    await admin.$client.query(`create database ${database} template ${inject('templateDb')}`);
    await admin.$client.end();
    dbUrl.pathname = `/${database}`;
  }
  const db: Db = connectDb(dbUrl.toString(), 3);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SECRET_KEY: `${name}-secret-key-0123456789`,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), `${name}-`)),
    ...extraEnv,
  };
  let server: ChildProcess | null = null;

  /** Resolves once /healthz answers; fails at once if the process ends first (a start that crashed). */
  const start = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server = proc;
    let stderr = '';
    proc.stderr?.on('data', (c) => (stderr = (stderr + String(c)).slice(-4000)));
    let exited: number | string | null = null;
    proc.once('exit', (code, sig) => (exited = sig ?? code));
    // The deadline only stops a hung start from hanging the run: a busy machine takes as long as it takes.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (exited !== null) throw new Error(`the server ended (${exited}) before it answered: ${stderr}`);
      if (
        await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not answer /healthz: ${stderr}`);
  };
  /** Sends the signal and waits until the process has exited. */
  const signal = async (sig: NodeJS.Signals) => {
    const proc = server;
    if (!proc) return;
    // A process that already ended (a stop signal sent with `send`) emits no second exit.
    const exited =
      proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', r));
    proc.kill(sig);
    await exited;
    server = null;
  };
  const kill9 = () => signal('SIGKILL');
  /** As a service manager stops it: the server closes its app first. */
  const term = () => signal('SIGTERM');
  const stop = async () => {
    await kill9();
    await db.$client.end();
  };
  /** Sends the signal and returns at once (what the process does meanwhile is the test's to watch). */
  const send = (sig: NodeJS.Signals) => void server?.kill(sig);
  return { db, url, start, kill9, term, send, stop };
};
