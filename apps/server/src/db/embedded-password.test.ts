import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#test/free-port.ts';
import { connectDb } from './client.ts';
import { LEGACY_PASSWORD, PASSWORD_FILE } from './embedded-password.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from './embedded.ts';

// Each data directory's cluster has a password of its own (docs/decisions/039-embedded-postgres-password.md).
const query = async (url: string, text: string) => {
  const db = connectDb(url, 1);
  try {
    return (await db.$client.query(text)).rows;
  } finally {
    await db.$client.end();
  }
};
/** The error code PostgreSQL answers a connection with this password (null when it is let in). */
const loginWith = async (pg: EmbeddedDb, password: string) => {
  const url = new URL(pg.url());
  url.password = password;
  return query(url.toString(), 'select 1').then(
    () => null,
    (err: { code?: string }) => err.code,
  );
};
const passwordOf = async (dataDir: string) => (await readFile(path.join(dataDir, PASSWORD_FILE), 'utf8')).trim();

describe('the embedded PostgreSQL password', () => {
  const made: string[] = [];
  const running = new Set<EmbeddedDb>();
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pxl-pg-password-'));
    // As root the cluster runs as the postgres user, who must be able to enter it (mkdtemp makes 0700).
    await chmod(dir, 0o755);
    made.push(dir);
    return path.join(dir, 'data');
  };
  const start = async (dir: string) => {
    const pg = await startEmbeddedPostgres(dir, await freePort(), () => {});
    running.add(pg);
    return pg;
  };
  const stop = async (pg: EmbeddedDb) => {
    running.delete(pg);
    await pg.stop();
  };
  afterAll(async () => {
    for (const pg of running) await pg.stop();
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  let a: string, b: string;
  it('is random for each new data directory, owner-only on disk, and the old shared one is refused', async () => {
    [a, b] = [await dataDir(), await dataDir()];
    for (const dir of [a, b]) {
      const pg = await start(dir);
      expect(pg.url()).toContain(`:${await passwordOf(dir)}@`);
      expect(await query(pg.url(), 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(await loginWith(pg, LEGACY_PASSWORD)).toBe('28P01');
      expect((await stat(path.join(dir, PASSWORD_FILE))).mode & 0o777).toBe(0o600);
      await stop(pg);
    }
    expect(await passwordOf(a)).not.toBe(await passwordOf(b));
    expect((await passwordOf(a)).length).toBeGreaterThanOrEqual(32);
  });

  it('is reused when the same data directory starts again', async () => {
    const before = await passwordOf(a);
    const pg = await start(a);
    expect(await passwordOf(a)).toBe(before);
    expect(await query(pg.url(), 'select 1 as one')).toEqual([{ one: 1 }]);
    await stop(pg);
  });

  it('replaces the shared password of a cluster made before, keeping its data', async () => {
    // A cluster as earlier versions left it: the shared password, and no password file in DATA_DIR.
    const pg = await start(b);
    await query(pg.url(), `create table kept (n int); insert into kept values (7)`);
    await query(pg.url(), `alter role current_user password '${LEGACY_PASSWORD}'`);
    await stop(pg);
    await rm(path.join(b, PASSWORD_FILE));

    const again = await start(b);
    expect(await query(again.url(), 'select n from kept')).toEqual([{ n: 7 }]);
    const now = await passwordOf(b);
    expect(now).not.toBe(LEGACY_PASSWORD);
    expect(again.url()).toContain(`:${now}@`);
    expect((await stat(path.join(b, PASSWORD_FILE))).mode & 0o777).toBe(0o600);
    expect(await loginWith(again, LEGACY_PASSWORD)).toBe('28P01');
    await stop(again);
  });
});
