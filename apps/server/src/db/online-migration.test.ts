import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { fillClicks, LOCKING_SAMPLE, ONLINE_SAMPLE, SAMPLE_PARTITION, sampleFolder } from '#test/online-migration.ts';
import { click, clickIdOf, startClickWorld, storedClick, type ClickWorld } from '../modules/tracking/click.fixtures.ts';
import { MIGRATION_CLIENT, migrateDb, type Step } from './migrate.ts';

// Migrations run while clicks flow (docs/decisions/049-online-migrations.md). Each test holds a migration at a step
// (its hook) and looks at what it holds and whether a click gets in: state, never time.
let t: TestApp;
let w: ClickWorld;
const ROWS = 12_000;

beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(() => t.close());

/** A migration stopped at the first step `at` accepts until `release()`; `held` resolves when it is there. */
const holdAt = (at: (s: Step) => boolean) => {
  let release!: () => void;
  let reached!: () => void;
  const held = new Promise<void>((r) => (reached = r));
  const gate = new Promise<void>((r) => (release = r));
  let done = false;
  const onStep = async (s: Step) => {
    if (done || !at(s)) return;
    done = true;
    reached();
    await gate;
  };
  return { onStep, held, release };
};

/** The locks the migration's connection holds on clicks or its partitions. */
const migrationLocks = async () =>
  (
    await t.db.$client.query<{ rel: string; mode: string }>(
      `select c.relname as rel, l.mode from pg_locks l join pg_stat_activity a on a.pid = l.pid
       join pg_class c on c.oid = l.relation
       where a.application_name = $1 and l.granted and c.relname like 'clicks%'`,
      [MIGRATION_CLIENT],
    )
  ).rows;

/** A click row written by a connection that gives up after a second of waiting for a lock. */
const insertClick = async () => {
  const c = await t.db.$client.connect();
  try {
    await c.query(`set lock_timeout = '1s'`);
    await c.query(`insert into clicks (id, offer_id, sub1) values ($1, $2, 'Live')`, [randomUUID(), randomUUID()]);
    return 'stored';
  } catch (err) {
    return (err as { code?: string }).code === '55P03' ? 'lock timeout' : String(err);
  } finally {
    c.release();
  }
};

const resetClicks = async () => {
  await t.db.$client.query(`drop table if exists ${SAMPLE_PARTITION}`);
  await t.db.$client.query('drop index if exists clicks_sub1_norm_idx');
  await t.db.$client.query('alter table clicks drop column if exists sub1_norm');
  await t.db.$client.query('truncate clicks');
  await t.db.$client.query(fillClicks(ROWS));
};

describe('an online migration on clicks', () => {
  it('holds no lock on clicks between batches: a click is redirected and stored, and an insert gets in', async () => {
    await resetClicks();
    const hold = holdAt((s) => s.batch === 1);
    const migrating = migrateDb(t.db, { folder: await sampleFolder(ONLINE_SAMPLE), onStep: hold.onStep });
    await hold.held;

    expect(await migrationLocks()).toEqual([]);
    expect(await insertClick()).toBe('stored');
    const o = await w.offer();
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=during`);
    expect(res.statusCode).toBe(302);
    expect((await storedClick(t, t.db, clickIdOf(res.headers.location)!))?.sub1).toBe('during');

    hold.release();
    await migrating;
    const { rows } = await t.db.$client.query<{ left: number; valid: boolean; attached: boolean }>(
      `select (select count(*)::int from clicks where sub1_norm is distinct from lower(sub1) and sub1 like 'Sub-%') as left,
              (select indisvalid from pg_index where indexrelid = 'clicks_sub1_norm_idx'::regclass) as valid,
              exists (select 1 from pg_inherits where inhrelid = '${SAMPLE_PARTITION}'::regclass) as attached`,
    );
    expect(rows[0]).toEqual({ left: 0, valid: true, attached: true });
  });

  it('the same change in one transaction holds clicks exclusively, and an insert cannot get in', async () => {
    await resetClicks();
    const hold = holdAt((s) => s.statement === 1);
    const migrating = migrateDb(t.db, { folder: await sampleFolder(LOCKING_SAMPLE), onStep: hold.onStep });
    await hold.held;

    expect(await migrationLocks()).toContainEqual({ rel: 'clicks', mode: 'AccessExclusiveLock' });
    expect(await insertClick()).toBe('lock timeout');

    hold.release();
    await migrating;
    expect(await insertClick()).toBe('stored');
  });

  it('a migration stopped half-way goes on from its last committed batch', async () => {
    await resetClicks();
    const folder = await sampleFolder(ONLINE_SAMPLE);
    const first: Step[] = [];
    const dying = migrateDb(t.db, {
      folder,
      onStep: (s) => {
        first.push(s);
        if (s.batch === 2) throw new Error('the process dies');
      },
    });
    await expect(dying).rejects.toThrow('the process dies');
    const second: Step[] = [];
    await migrateDb(t.db, { folder, onStep: (s) => void second.push(s) });
    // 12 000 rows in batches of 5 000: two committed before the stop, then 2 000 and the empty one that ends it.
    expect(first.map((s) => [s.statement, s.batch])).toEqual([
      [0, undefined],
      [1, 1],
      [1, 2],
    ]);
    expect(second.filter((s) => s.statement === 1).map((s) => s.batch)).toEqual([1, 2]);
    expect(second[0].statement).toBe(1);
    const { rows } = await t.db.$client.query<{ left: number }>(
      `select count(*)::int as left from clicks where sub1_norm is distinct from lower(sub1)`,
    );
    expect(rows[0].left).toBe(0);
  });

  it('waits for a lock a long transaction holds in short tries, then goes on once it ends', async () => {
    await t.db.$client.query('alter table clicks drop column if exists sub1_norm');
    const blocker = await t.db.$client.connect();
    await blocker.query('begin');
    await blocker.query('select count(*) from clicks');
    const logged: string[] = [];
    const migrating = migrateDb(t.db, {
      folder: await sampleFolder('ALTER TABLE "clicks" ADD COLUMN "sub1_norm" text;'),
      lockTimeoutMs: 50,
      log: (m) => logged.push(m),
    });
    for (const deadline = Date.now() + 120_000; !logged.some((m) => m.includes('lock not free'));) {
      if (Date.now() > deadline) throw new Error('the migration never gave up its wait');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await insertClick()).toBe('stored');
    await blocker.query('commit');
    blocker.release();
    await migrating;
  });
});
