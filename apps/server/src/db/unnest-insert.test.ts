import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { unnestInsert } from './unnest-insert.ts';

const probe = pgTable('unnest_insert_probe', {
  n: integer('n').notNull(),
  doc: jsonb('doc').$type<unknown>(),
  label: text('label'),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table unnest_insert_probe (n int not null, doc jsonb, label text)`);
});
afterAll(async () => {
  await t?.close();
});

describe('unnestInsert', () => {
  it('stores each row its own jsonb, in order, a null as SQL null and text that needs escaping intact', async () => {
    const docs: unknown[] = [
      [{ code: 'ip_velocity', weight: 50, detail: '31 clicks from this IP; the limit is 30' }],
      null,
      { quote: 'a "b" \\ c', unicode: 'Zürich — 東京 🚀', nested: [1, [2, null], { x: true }] },
      [],
      'a string',
      42,
    ];
    const rows = Array.from({ length: 1_000 }, (_, n) => ({ n, doc: docs[n % docs.length], label: `row ${n}` }));
    await t.db.execute(unnestInsert(probe, rows));
    const back = await t.db.select().from(probe).orderBy(asc(probe.n));
    expect(back).toEqual(rows);
    const [{ nulls }] = (
      await t.db.execute<{ nulls: number }>(
        sql`select count(*)::int as nulls from unnest_insert_probe where doc is null`,
      )
    ).rows;
    expect(nulls).toBe(rows.filter((r) => r.doc === null).length);
  });
});
