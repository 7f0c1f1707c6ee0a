import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SYSTEM_COUNT_CAP, type SystemOverview } from '@pxl/contract';
import { createTestApp, until, type TestApp } from '#test/harness.ts';
import { jobInsertSql, QUEUES } from '../../jobs/jobs.ts';
import { api, startStaffWorld, type StaffWorld } from '../managers/staff.fixtures.ts';
import { ensurePartitions, partitionName, periodStart } from '../retention/index.ts';
import { groupRelations } from './system.service.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/system/v1/overview';
const overview = async (): Promise<SystemOverview> => {
  const res = await api(t.app, 'GET', URL, w.admin.token);
  expect(res.status).toBe(200);
  return res.json.data as SystemOverview;
};

describe('GET /api/system/v1/overview', () => {
  it('answers admin and head; refuses manager, team lead and affiliate with 403', async () => {
    const affiliate = await w.member({ role: 'affiliate' });
    for (const m of [w.admin, w.head]) expect((await api(t.app, 'GET', URL, m.token)).status).toBe(200);
    for (const m of [w.managerA, w.lead, affiliate]) expect((await api(t.app, 'GET', URL, m.token)).status).toBe(403);
  });

  it('lists this process from its heartbeat, running, with host, pid, version and start time', async () => {
    const data = await until(overview, (o) => o.processes.some((p) => p.current), 'the heartbeat row');
    const me = data.processes.find((p) => p.current)!;
    expect(me).toMatchObject({ id: t.services.heartbeat.id, pid: process.pid, running: true, version: '0.0.0' });
    expect(Date.parse(me.started_at)).toBeLessThanOrEqual(Date.parse(me.last_seen));
  });

  it('shows a process silent for minutes as gone and prunes one silent for a day', async () => {
    await t.db.execute(sql`insert into server_processes (id, host, pid, version, started_at, last_seen) values
      ('00000000-0000-4000-8000-000000000001', 'old-host', 1, '0.0.0', now() - interval '1 hour', now() - interval '5 minutes'),
      ('00000000-0000-4000-8000-000000000002', 'dead-host', 2, '0.0.0', now() - interval '3 days', now() - interval '2 days')`);
    const gone = (await overview()).processes.find((p) => p.host === 'old-host');
    expect(gone).toMatchObject({ running: false, current: false });
    // The next beats prune the row of the process silent for two days.
    await until(overview, (o) => !o.processes.some((p) => p.host === 'dead-host'), 'the day-old row pruned');
  });

  it('takes its row away when it stops cleanly, so only a crashed process shows as gone', async () => {
    const other = await createTestApp();
    const id = other.services.heartbeat.id;
    const rows = async () => (await other.db.execute(sql`select 1 from server_processes where id = ${id}`)).rows.length;
    try {
      await until(rows, (n) => n === 1, 'the row written');
      await other.app.close();
      expect(await rows()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('groups partitions under their table, whose size is their sum; no partition stands alone', async () => {
    const now = new Date();
    await ensurePartitions(t.db, now);
    const data = await overview();
    const clicks = data.database.tables.find((x) => x.schema === 'public' && x.name === 'clicks')!;
    const week = partitionName('clicks', periodStart('week', now));
    expect(clicks.partitions.map((p) => p.name)).toContain(week);
    expect(clicks.bytes).toBe(clicks.partitions.reduce((s, p) => s + p.bytes, 0));
    const topLevel = new Set(data.database.tables.map((x) => x.name));
    for (const p of clicks.partitions) expect(topLevel.has(p.name), p.name).toBe(false);
    // pg-boss keeps a partition per queue under pgboss.job.
    expect(
      data.database.tables.find((x) => x.schema === 'pgboss' && x.name === 'job')!.partitions.length,
    ).toBeGreaterThan(1);
    expect(data.database.total_bytes).toBeGreaterThan(0);
  });

  it('gives the live rows of a table not analyzed yet, where the planner has no estimate', async () => {
    await t.db.execute(sql`create table system_test_fresh (id int)`);
    await t.db.execute(sql`insert into system_test_fresh select generate_series(1, 7)`);
    // A backend hands its counts to the statistics within seconds of its transaction (sooner once forced).
    await t.db.execute(sql`select pg_stat_force_next_flush()`);
    const row = await until(
      overview,
      (o) => o.database.tables.some((x) => x.name === 'system_test_fresh' && x.rows_about !== null),
      'the fresh table counted',
    );
    expect(row.database.tables.find((x) => x.name === 'system_test_fresh')?.rows_about).toBe(7);
  });

  it('counts waiting jobs per queue and shows the last run of each schedule', async () => {
    await t.db.execute(sql.raw(jobInsertSql(QUEUES.postback, `'{}'::jsonb`, 'generate_series(1, 3)')));
    await t.db.execute(sql`insert into pgboss.schedule (name, cron) values (${QUEUES.partitions}, '17 * * * *')
      on conflict do nothing`);
    await t.db.execute(sql`insert into pgboss.job (name, state, started_on, completed_on)
      values (${QUEUES.partitions}, 'completed', now() - interval '1 minute', now())`);
    const { jobs } = await overview();
    expect(jobs.queues.find((q) => q.name === QUEUES.postback)).toMatchObject({ waiting: 3, active: 0, failed: 0 });
    expect(jobs.queues.map((q) => q.name)).toEqual(Object.values(QUEUES));
    const partitions = jobs.schedules.find((s) => s.name === QUEUES.partitions)!;
    expect(partitions).toMatchObject({ cron: '17 * * * *', last_run: { state: 'completed' } });
  });

  it('counts the mail outbox by status', async () => {
    await t.db.execute(sql`insert into mail_outbox ("to", subject, template, status)
      select 'a@test.local', 's', 'test', st from unnest(array['failed', 'failed', 'no_smtp']) st`);
    const { mail } = await overview();
    expect(mail.find((m) => m.status === 'failed')?.count).toBe(2);
    expect(mail.find((m) => m.status === 'no_smtp')?.count).toBe(1);
    expect(mail.map((m) => m.status)).toEqual(['queued', 'sending', 'no_smtp', 'sent', 'failed']);
  });

  it('counts set-aside rows up to the cap and shows the newest', async () => {
    await t.db.execute(sql`insert into rejected_rows (writer, reason, row)
      select 'clicks', '22P05: bad text', '{}' from generate_series(1, ${SYSTEM_COUNT_CAP + 5})`);
    await t.db.execute(
      sql`insert into rejected_rows (writer, reason, row) values ('rollup_deltas', 'newest one', '{}')`,
    );
    const { rejected_rows } = await overview();
    expect(rejected_rows.count).toBe(SYSTEM_COUNT_CAP + 1);
    expect(rejected_rows.newest).toMatchObject({ writer: 'rollup_deltas', reason: 'newest one' });
  });

  it('shows the newest successful backup, not a newer failed one', async () => {
    expect((await overview()).last_backup).toBeNull();
    await t.db
      .execute(sql`insert into backup_runs (trigger, status, started_at, finished_at, file, size_bytes, error) values
      ('scheduled', 'ok', now() - interval '2 hours', now() - interval '2 hours', 'a.tar.gz', 1000, null),
      ('manual', 'failed', now() - interval '1 hour', now() - interval '1 hour', null, null, 'disk full')`);
    expect((await overview()).last_backup).toMatchObject({ status: 'ok', file: 'a.tar.gz', trigger: 'scheduled' });
  });
});

describe('groupRelations', () => {
  const rel = (name: string, bytes: number, root: string | null = null, rows = 10) => ({
    schema: 'public',
    name,
    root_schema: root && 'public',
    root_name: root,
    bytes,
    rows_about: rows,
  });

  it('sums the partitions under their top table; an estimate not made yet counts for nothing', () => {
    const [top, plain] = groupRelations([
      rel('plain', 5),
      rel('logs', 0, null, -1),
      rel('logs_2026_01', 100, 'logs'),
      rel('logs_2026_02', 200, 'logs', -1),
    ]);
    expect(top).toMatchObject({ name: 'logs', bytes: 300, rows_about: 10 });
    expect(top.partitions.map((p) => p.name)).toEqual(['logs_2026_02', 'logs_2026_01']);
    expect(plain).toMatchObject({ name: 'plain', bytes: 5, partitions: [] });
  });
});
