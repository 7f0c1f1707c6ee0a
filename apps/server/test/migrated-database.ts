import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connectDb, type Db } from '../src/db/client.ts';
import { MIGRATIONS_DIR, migrateDb } from '../src/db/migrate.ts';

/**
 * A new empty database migrated up to (not including) the migration `tag`, for a test that fills it as an older
 * release left it, then runs `migrateRest()` and checks what the migration kept. `drop()` removes it again.
 */
export const databaseBefore = async (tag: string) => {
  const name = `t_mig_${randomBytes(5).toString('hex')}`;
  const admin = connectDb(inject('pgUrl'), 1);
  await admin.$client.query(`create database ${name}`);
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  const db: Db = connectDb(url.toString(), 2);
  const before = await mkdtemp(path.join(os.tmpdir(), 'mig-'));
  const drop = async () => {
    await rm(before, { recursive: true, force: true });
    await db.$client.end();
    await admin.$client.query(`drop database if exists ${name}`);
    await admin.$client.end();
  };
  try {
    await cp(MIGRATIONS_DIR, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
    await writeFile(journalFile, JSON.stringify(journal));
    await migrateDb(db, { folder: before });
  } catch (err) {
    await drop();
    throw err;
  }
  return { db, migrateRest: () => migrateDb(db), drop };
};
