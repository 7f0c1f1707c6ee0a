import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { connectDb, type Db } from './client.ts';
import { createGroupCommit } from './group-commit.ts';

let t: TestApp;
let other: Db;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table gc_rows (id int primary key, note text not null)`);
  // Another pool: what other connections see is what is committed.
  other = connectDb((t.db.$client.options as { connectionString: string }).connectionString, 2);
});
afterAll(async () => {
  await other?.$client.end();
  await t?.close();
});

const insert = (id: number, note: string | null = 'x') => ({
  name: 'gc-insert',
  text: 'insert into gc_rows (id, note) values ($1::int, $2::text) returning id',
  values: [id, note],
});
const seen = async (ids: number[]) =>
  (
    await other.$client.query<{ id: number }>('select id from gc_rows where id = any($1::int[]) order by id', [ids])
  ).rows.map((r) => r.id);

describe('group commit', () => {
  it('writes sent together commit in fewer groups than writes, each visible to others once its promise settles', async () => {
    const gc = createGroupCommit(t.db.$client);
    const ids = Array.from({ length: 40 }, (_, i) => 1000 + i);
    const results = await Promise.all(
      ids.map(async (id) => {
        const r = await gc.query<{ id: number }>(insert(id));
        // Settled after the COMMIT: another connection sees the row now.
        expect(await seen([id])).toEqual([id]);
        return r.rows[0].id;
      }),
    );
    expect(results).toEqual(ids);
    expect(gc.stats.writes).toBe(40);
    expect(gc.stats.groups).toBeLessThan(40);
    await gc.close();
  });

  it('a refused statement fails only its own caller; the others of its group are stored', async () => {
    const gc = createGroupCommit(t.db.$client);
    const outcomes = await Promise.allSettled([
      gc.query(insert(2000)),
      gc.query(insert(2001)),
      gc.query(insert(2002, null)),
      gc.query(insert(2003)),
      gc.query(insert(2000)),
      gc.query(insert(2004)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason.code).toBe('23502');
    expect((outcomes[4] as PromiseRejectedResult).reason.code).toBe('23505');
    expect(await seen([2000, 2001, 2002, 2003, 2004])).toEqual([2000, 2001, 2003, 2004]);
    // They queued while the connections opened and went as one group, rolled back, then each alone.
    expect(gc.stats.alone).toBe(6);
    await gc.close();
  });

  it('a lost connection fails only the writes sent on it, with its own error; the next writes go on a new one', async () => {
    const gc = createGroupCommit(t.db.$client);
    await gc.query(insert(3000));
    await other.$client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = 'pxl-group-commit'`,
    );
    // Sent before or after the client noticed: never a server's refusal, never stored when refused.
    const first = await Promise.allSettled([gc.query(insert(3001))]);
    if (first[0].status === 'rejected') {
      expect(first[0].reason).not.toHaveProperty('code', expect.stringMatching(/^[0-9A-Z]{5}$/));
      expect(await seen([3001])).toEqual([]);
      await gc.query(insert(3001));
    }
    await gc.query(insert(3002));
    expect(await seen([3000, 3001, 3002])).toEqual([3000, 3001, 3002]);
    await gc.close();
  });

  it('reads sent together each get their own answer; a refused one fails only itself', async () => {
    const gc = createGroupCommit(t.db.$client);
    const read = (text: string, values: unknown[]) => gc.read({ name: '', text, values });
    const outcomes = await Promise.allSettled([
      read('select $1::int as n', [1]),
      read('select $1::int as n', [2]),
      read('select 1 / $1::int as n', [0]),
      read('select $1::int as n', [4]),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.rows[0].n : o.reason.code))).toEqual([
      1,
      2,
      '22012',
      4,
    ]);
    await gc.close();
  });
});
