import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The embedded superuser's password, beside DATA_DIR's secret key: owner-only, one per data directory. */
export const PASSWORD_FILE = 'pg-password';
/** What every cluster got before its password was its own; such a cluster is moved to a password of its own at start. */
export const LEGACY_PASSWORD = 'pxl-embedded';

const create = (file: string) => {
  // base64url: safe inside a connection URL and a quoted SQL literal.
  writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
};
const read = (file: string) => readFileSync(file, 'utf8').trim();

/** The password of `dataDir`'s cluster, made now when there is none (a new cluster is initialised with it). */
export const clusterPassword = (dataDir: string) => {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (!existsSync(file)) create(file);
  return read(file);
};

/** Whether the cluster predates per-directory passwords: it exists, and DATA_DIR holds no password for it. */
export const hasLegacyPassword = (dataDir: string) => !existsSync(path.join(dataDir, PASSWORD_FILE));

const canConnect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    if ((err as { code?: string }).code === '28P01') return null; // wrong password
    throw err;
  }
};

/**
 * Moves a running cluster from the old fixed password to one of its own. The new password is kept aside until the
 * cluster has it, so a stop in between never leaves DATA_DIR naming a password the cluster does not know; the next
 * start then finds whichever of the two the cluster has. docs/decisions/039-embedded-postgres-password.md
 */
export const replaceLegacyPassword = async (dataDir: string, urlWith: (password: string) => string) => {
  const file = path.join(dataDir, PASSWORD_FILE);
  const pending = `${file}.new`;
  if (!existsSync(pending)) create(pending);
  const password = read(pending);
  const client = (await canConnect(urlWith(LEGACY_PASSWORD))) ?? (await canConnect(urlWith(password)));
  if (!client) throw new Error(`the embedded PostgreSQL takes neither the old password nor the one in ${pending}`);
  try {
    await client.query(`alter role current_user password '${password}'`);
  } finally {
    await client.end();
  }
  renameSync(pending, file);
  return password;
};
