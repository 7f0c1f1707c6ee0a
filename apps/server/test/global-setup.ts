import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDb } from '../src/db/client.ts';
import { EmbeddedPgRefusal, startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded.ts';
import { migrateDb } from '../src/db/migrate.ts';
import { installJobs } from '../src/jobs/jobs.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    templateDb: string;
  }
}

export const TEMPLATE_DB = 'panel_template';

/** One real PostgreSQL per test run; each test file clones a migrated template database. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'panel-test-pg-'));
  // mkdtemp makes it 0700; as root the cluster runs as the postgres user, which then keeps it in the temporary directory
  // (when that user cannot enter the temporary directory either, the cluster is kept elsewhere and removed at the end).
  await chmod(dir, 0o755);
  let pg: EmbeddedDb;
  try {
    // A throwaway cluster: without fsync its checkpoints are cheap. Each DROP DATABASE waits for one, and with fsync on
    // a busy machine's disk made them take minutes (migration tests timed out waiting on CheckpointStart).
    pg = await startEmbeddedPostgres(dir, await freePort(), (m) => console.error(m), undefined, [
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
    ]);
  } catch (err) {
    if (!(err instanceof EmbeddedPgRefusal)) throw err;
    console.error(`[test] ${err.message}`);
    process.exit(1);
  }
  const admin = connectDb(pg.url(), 1);
  await admin.$client.query(`create database ${TEMPLATE_DB}`);
  await admin.$client.end();
  const template = connectDb(pg.url(TEMPLATE_DB), 1);
  await migrateDb(template);
  // pg-boss's schema and queues once, so every cloned database can queue jobs without starting pg-boss.
  await installJobs(template.$client);
  await template.$client.end();
  project.provide('pgUrl', pg.url());
  project.provide('templateDb', TEMPLATE_DB);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(pg.dir, { recursive: true, force: true });
  };
}
