// The server starts and answers /healthz while every core is busy and the tables its background work needs are
// locked; that work (pg-boss, schedules, recovery) starts once the locks go (docs/decisions/034-start-under-load.md).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { childServer } from './child-server.ts';
import { until } from './harness.ts';

let child: Awaited<ReturnType<typeof childServer>>;
const burners: ChildProcess[] = [];
let locker: pg.Client;

/** Tables the start used to wait on inside Fastify's ready hook: pg-boss's and the lead recovery's. */
const LOCKED = ['pgboss.version', 'pgboss.queue', 'pgboss.job', 'pgboss.schedule', 'leads', 'lead_attempts'];

beforeAll(async () => {
  child = await childServer('busy-start', { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true' });
  for (let i = 0; i < os.availableParallelism(); i++)
    burners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  locker = new pg.Client({ connectionString: child.db.$client.options.connectionString });
  await locker.connect();
});
afterAll(async () => {
  for (const b of burners) b.kill('SIGKILL');
  await locker?.end().catch(() => {});
  await child?.term();
  await child?.stop();
});

describe('start on a busy machine', () => {
  it('listens and answers /healthz with every core busy and its background tables locked; the work runs after', async () => {
    await locker.query('begin');
    await locker.query(`lock table ${LOCKED.join(', ')} in access exclusive mode`);
    await child.start();
    const health = await fetch(`${child.url}/healthz`);
    expect(health.status).toBe(200);
    // The background start reaches the lock and waits there, while the server already answers.
    await until(
      async () =>
        (
          await locker.query(
            `select count(*)::int as n from pg_locks where not granted and relation = any($1::regclass[])
              and database = (select oid from pg_database where datname = current_database())`,
            [LOCKED],
          )
        ).rows[0].n,
      (n) => n > 0,
      'the background start waiting on the lock',
    );
    expect((await fetch(`${child.url}/healthz`)).status).toBe(200);
    expect((await locker.query('select count(*)::int as n from pgboss.schedule')).rows[0].n).toBe(0);

    await locker.query('commit');
    const scheduled = await until(
      async () =>
        (await child.db.execute<{ name: string }>(sql`select name from pgboss.schedule`)).rows.map((r) => r.name),
      (names) => names.includes('cold-distribution-schedule') && names.includes('mail-sweep'),
      'the schedules written by the background start',
      120_000,
    );
    expect(scheduled).toContain('partition-maintenance');
    expect((await fetch(`${child.url}/healthz`)).status).toBe(200);
  });
});
