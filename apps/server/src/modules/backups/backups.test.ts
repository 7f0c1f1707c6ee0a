import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../db/embedded.ts';
import { ensureDatabase, migrateDb } from '../../db/migrate.ts';
import { backupRuns, settings } from '../../db/schema.ts';
import { installJobs } from '../../jobs/jobs.ts';
import { loadConfig } from '../../config/config.ts';
import { createOutboxMailer } from '../mail/index.ts';
import { appOnSameDatabase } from '../leads/leads.fixtures.ts';
import { insertLead } from '../offers/offers.fixtures.ts';
import { click, clickWorld, type ClickWorld } from '../tracking/click.fixtures.ts';
import { createTestApp, until, type TestApp } from '#test/harness.ts';
import { createUser, loginAs } from '#test/factories.ts';
import { freePort } from '#test/free-port.ts';
import { takeBackup } from './backup-engine.ts';
import { findRunningCluster, type BackupSource } from './backup-source.ts';
import { runScheduledBackup } from './backups.service.ts';
import { restoreBackup, verifyArchive } from './restore.ts';

type TableState = { count: number; checksum: string; ids: string[] | null };

/** Every table of the panel (partitioned ones as a whole): its row count, a checksum, and its ids when it has them. */
const snapshot = async (db: Db) => {
  const { rows: tables } = await db.$client.query<{ name: string; has_id: boolean }>(`
    select c.relname as name,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped) as has_id
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`);
  const out = new Map<string, TableState>();
  for (const { name, has_id } of tables) {
    const key = has_id ? 'id::text' : 't::text';
    const { rows } = await db.$client.query<{ count: string; checksum: string; ids: string[] | null }>(
      `select count(*) as count, md5(coalesce(string_agg(${key}, ',' order by ${key}), '')) as checksum,
              ${has_id ? `array_agg(id::text)` : 'null'} as ids
         from "${name}" t`,
    );
    out.set(name, {
      count: Number(rows[0].count),
      checksum: rows[0].checksum,
      ids: rows[0].ids ?? (has_id ? [] : null),
    });
  }
  return out;
};

describe('backups of the embedded database', () => {
  let root: string;
  let dataDir: string;
  let cluster: EmbeddedDb;
  let db: Db;
  let t: TestApp;
  let w: ClickWorld;
  let offer: { uuid: string; id: number };
  let source: BackupSource;
  const started: EmbeddedDb[] = [];
  const dir = async (name: string) => {
    const d = path.join(root, name);
    await mkdir(d, { recursive: true });
    return d;
  };

  beforeAll(async () => {
    // 0755 so that, as root, the postgres user reaches the clusters made inside (db/embedded-places.ts).
    root = await mkdtemp(path.join(os.tmpdir(), 'pxl-backups-'));
    await chmod(root, 0o755);
    dataDir = path.join(root, 'data');
    cluster = await startEmbeddedPostgres(dataDir, await freePort(), () => {});
    const admin = connectDb(cluster.url(), 1);
    await ensureDatabase(admin, 'panel');
    await admin.$client.end();
    db = connectDb(cluster.url('panel'), 3);
    await migrateDb(db);
    await installJobs(db.$client);
    t = await appOnSameDatabase(db);
    w = (await clickWorld(t.app, t.db)) as ClickWorld;
    offer = await w.offer();
    source = findRunningCluster(dataDir)!;
  });
  afterAll(async () => {
    await t?.close();
    await db?.$client.end();
    for (const c of started) await c.stop().catch(() => {});
    await cluster?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('finds the running cluster of a DATA_DIR, its port from postmaster.pid and its password from DATA_DIR', () => {
    expect(source.clusterDir).toBe(cluster.dir);
    expect(source.url.replace(/\/postgres$/, '')).toBe(cluster.url().replace(/\/postgres$/, ''));
  });

  it('backs up while clicks and leads flow; the restore holds every row committed before it and the panel signs in', async () => {
    let stop = false;
    let made = 0;
    const refused: string[] = [];
    const traffic = (async () => {
      while (!stop) {
        const res = await click(t.app, `/click/${offer.id}?aff=${w.affA.id}&sub1=backup`);
        if (res.statusCode !== 302) refused.push(`${res.statusCode} ${res.body}`);
        await insertLead(t.db, offer.uuid, w.affA.id);
        made += 1;
      }
    })();
    try {
      await until(
        async () => made,
        (n) => n >= 20,
        'traffic before the backup',
      );
      await t.services.clicks.writer.drain();
      const before = await snapshot(t.db);
      let atCopied = 0;
      const taken = await takeBackup(source, await dir('backups'), {
        // Held open until more clicks and leads went through while PostgreSQL was in backup mode.
        during: async () => {
          atCopied = made;
          await until(
            async () => made,
            (n) => n >= atCopied + 20,
            'traffic during the backup',
          );
        },
      });
      expect(made).toBeGreaterThanOrEqual(atCopied + 20);
      stop = true;
      await traffic;
      await t.services.clicks.writer.drain();
      const after = await snapshot(t.db);
      expect(refused).toEqual([]);
      expect(path.basename(taken.file)).toMatch(/^pxl-backup-.*\.tar\.gz$/);

      const target = path.join(root, 'restored');
      await restoreBackup(taken.file, target);
      const restored = await startEmbeddedPostgres(target, await freePort(), () => {});
      started.push(restored);
      const rdb = connectDb(restored.url('panel'), 3);
      try {
        const got = await snapshot(rdb);
        expect([...got.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [table, was] of before) {
          const now = got.get(table)!;
          const unchanged = after.get(table)!.checksum === was.checksum;
          if (unchanged) expect({ table, ...now, ids: null }).toEqual({ table, ...was, ids: null });
          else if (was.ids) {
            // Rows there before the backup began and still there after it ended; a queue table (rollup_deltas) may
            // delete rows in between, and those may or may not be in the copy.
            const kept = new Set(after.get(table)!.ids);
            const have = new Set(now.ids);
            const missing = was.ids.filter((id) => kept.has(id) && !have.has(id));
            expect({ table, missing }).toEqual({ table, missing: [] });
          }
        }
        expect(got.get('clicks')!.count).toBeGreaterThanOrEqual(before.get('clicks')!.count);
        expect(before.get('clicks')!.count).toBeGreaterThanOrEqual(20);
        expect(got.get('leads')!.count).toBeGreaterThanOrEqual(before.get('leads')!.count);

        const app = await appOnSameDatabase(rdb);
        try {
          expect(await loginAs(app.app, w.admin.email)).toBeTruthy();
        } finally {
          await app.close();
        }
      } finally {
        await rdb.$client.end();
      }
    } finally {
      stop = true;
      await traffic;
    }
  });

  it('refuses a truncated archive, one with a byte changed and one with a file changed, writing nothing', async () => {
    const taken = await takeBackup(source, await dir('backups-b'));
    await verifyArchive(taken.file);
    const bytes = await readFile(taken.file);
    const cut = path.join(root, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const flipped = path.join(root, 'flipped.tar.gz');
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)] ^= 0xff;
    await writeFile(flipped, changed);
    // Whole and well-formed, but one file differs from what the manifest says: only the manifest can tell.
    const unpacked = await dir('unpacked');
    await tar.x({ file: taken.file, cwd: unpacked });
    await writeFile(path.join(unpacked, 'data', 'pg-password'), 'not the password\n');
    const repacked = path.join(root, 'repacked.tar.gz');
    await tar.c({ gzip: true, cwd: unpacked, file: repacked, portable: true }, ['data', 'pg', 'manifest.json']);

    for (const [file, why] of [
      [cut, /damaged or incomplete/],
      [flipped, /damaged or incomplete/],
      [repacked, /damaged or incomplete \(data\/pg-password does not match its checksum\)/],
    ] as const) {
      const target = path.join(root, `never-${path.basename(file)}`);
      await expect(restoreBackup(file, target)).rejects.toThrow(why);
      expect(existsSync(target)).toBe(false);
    }

    const existing = await dir('existing');
    await writeFile(path.join(existing, 'keep.txt'), 'mine');
    await expect(restoreBackup(taken.file, existing)).rejects.toThrow(/is not empty: restore into a new directory/);
    expect(await readdir(existing)).toEqual(['keep.txt']);
  });

  it('runs on schedule once a day at its UTC time, logs each run, keeps the newest N and mails admins a failure', async () => {
    const backups = await dir('scheduled');
    const app = await createTestApp();
    try {
      const admin = await createUser(app.db, { role: 'admin' });
      await app.db.insert(settings).values({ key: 'backups', value: { enabled: true, time: '03:00', keep: 2 } });
      const deps = (backupDir: string) => ({
        db: app.db,
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, BACKUP_DIR: backupDir }),
        mailer: createOutboxMailer(app.db),
      });
      const at = (day: number, time: string) => new Date(`2031-01-0${day}T${time}:00Z`);
      expect(await runScheduledBackup(deps(backups), at(1, '02:59'))).toBeNull();
      for (const day of [1, 2, 3]) {
        const run = await runScheduledBackup(deps(backups), at(day, '03:00'));
        expect(await run!.done).toMatchObject({ status: 'ok', trigger: 'scheduled' });
        expect(await runScheduledBackup(deps(backups), at(day, '03:30'))).toBeNull();
      }
      const rows = await app.db.select().from(backupRuns).orderBy(backupRuns.startedAt);
      expect(rows.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
      expect(rows.every((r) => r.finishedAt && r.sizeBytes! > 0)).toBe(true);
      expect((await readdir(backups)).sort()).toEqual([rows[1].file, rows[2].file].sort());

      // A file where the directory should be: no user, root included, can write there.
      const blocked = path.join(root, 'not-a-dir');
      await writeFile(blocked, '');
      const failed = await (await runScheduledBackup(deps(path.join(blocked, 'backups')), at(4, '03:00')))!.done;
      expect(failed).toMatchObject({ status: 'failed', trigger: 'scheduled' });
      expect(failed.error).toMatch(/ENOTDIR/);
      const mails = await app.sentMails();
      const mine = mails.filter((m) => m.to.includes(admin.email));
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toMatch(/^Backup of .* failed$/);
      expect(mine[0].text).toContain('ENOTDIR');
    } finally {
      await app.close();
    }
  });
});
