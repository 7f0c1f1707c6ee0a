import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { connectDb } from './client.ts';
import { databaseAway, reasonOf } from './isolate-batch.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('databaseAway', () => {
  it('holds for what no row can cause: no connection, a missing table, a cancelled or terminated statement', async () => {
    const gone = connectDb('postgres://x:y@127.0.0.1:1/none', 1);
    expect(databaseAway(await failure(gone.execute(sql`select 1`)))).toBe(true);
    await gone.$client.end();
    expect(databaseAway(await failure(t.db.execute(sql`select * from no_such_table`)))).toBe(true);
    expect(
      databaseAway(
        await failure(
          t.db.transaction(async (tx) => {
            await tx.execute(sql`set local statement_timeout = 10`);
            await tx.execute(sql`select pg_sleep(1)`);
          }),
        ),
      ),
    ).toBe(true);
    expect(databaseAway(await failure(t.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)))).toBe(true);
  });

  it('blames the rows for what their values cause, and names the reason with its SQLSTATE', async () => {
    const nul = await failure(t.db.execute(sql`select ${'a\u0000b'}::text`));
    expect(databaseAway(nul)).toBe(false);
    expect(reasonOf(nul)).toMatch(/^22021: invalid byte sequence for encoding "UTF8": 0x00$/);
    expect(databaseAway(await failure(t.db.execute(sql`select 2147483647::int + ${1}::int`)))).toBe(false);
    expect(databaseAway(await failure(t.db.execute(sql`select ${'nope'}::uuid`)))).toBe(false);
    expect(
      databaseAway(
        await failure(
          t.db.execute(sql`insert into clicks (id, offer_id) values (${'00000000-0000-0000-0000-000000000001'}, null)`),
        ),
      ),
    ).toBe(false);
  });
});
