// `npm run backup` and `npm run restore <file> [--data-dir <new dir>]` (docs/operations.md, "Backup and restore").
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { connectDb } from '../../db/client.ts';
import { createOutboxMailer } from '../mail/index.ts';
import { backupDirOf, BackupRefusal, EXTERNAL_DATABASE, findRunningCluster } from './backup-source.ts';
import { startBackup } from './backups.service.ts';
import { restoreBackup } from './restore.ts';

const say = (m: string) => console.log(`[backup] ${m}`);
const fail = (m: string): never => {
  console.error(`[backup] ${m}`);
  process.exit(1);
};

const sizeOf = (bytes: number) =>
  bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Backs up the embedded cluster the panel runs on this DATA_DIR, while it serves; logged in backup_runs like any run. */
const backup = async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) fail(`${EXTERNAL_DATABASE}.`);
  const source = findRunningCluster(config.DATA_DIR);
  if (!source)
    fail(
      `no embedded PostgreSQL runs for DATA_DIR ${path.resolve(config.DATA_DIR)}: start the panel (npm start) with the same DATA_DIR, then run the backup while it serves`,
    );
  const db = connectDb(source!.url.replace(/\/postgres$/, '/panel'), 2);
  try {
    say(`backing up ${source!.clusterDir} and ${source!.dataDir} into ${backupDirOf(config)}`);
    const started = await startBackup({ db, config, mailer: createOutboxMailer(db) }, 'manual');
    if (!started) fail('another backup is running; try again when it ends');
    const run = await started!.done;
    if (run.status !== 'ok') fail(`backup failed: ${run.error}`);
    say(`backup written: ${path.join(backupDirOf(config), run.file!)} (${sizeOf(run.sizeBytes ?? 0)})`);
  } finally {
    await db.$client.end();
  }
};

const restore = async (args: string[]) => {
  const at = args.indexOf('--data-dir');
  const target = at >= 0 ? args[at + 1] : undefined;
  const [file] = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!file || (at >= 0 && !target)) fail('usage: npm run restore <backup file> [--data-dir <new directory>]');
  const dataDir = target ?? `./data-restored-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  say(`checking ${file} against its manifest`);
  const { dataDir: restored, clusterDir } = await restoreBackup(path.resolve(file!), dataDir);
  say(`restored into ${restored}${clusterDir.startsWith(restored) ? '' : ` (its cluster in ${clusterDir})`}`);
  say('PostgreSQL replays the WAL in the backup at its first start. Start the panel on it with:');
  console.log(`\n  DATA_DIR=${restored} npm start\n`);
};

const [command, ...rest] = process.argv.slice(2);
(command === 'restore' ? restore(rest) : backup()).catch((err: unknown) => {
  if (err instanceof BackupRefusal || err instanceof ConfigError) fail(err.message);
  console.error(err);
  process.exit(1);
});
