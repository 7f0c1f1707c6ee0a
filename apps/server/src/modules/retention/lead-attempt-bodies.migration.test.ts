import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { partitionsOf } from './partitions.ts';
import { databaseBefore } from '#test/migrated-database.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
// Spread over a year and a half, plus one far in the past (before the 10 years the migration makes partitions for) and
// one far ahead (past the partitions made ahead): both must land in the DEFAULT partition, not be lost.
const DAYS = [0, 1, 8, 29, 40, 95, 181, 400, 550, -3, 20 * 365, -400];

describe('migration 0031: the stored requests and answers of lead attempts move to a partitioned table', () => {
  it("keeps every attempt, and every attempt's request and answer under its id and time", async () => {
    const { db, migrateRest, drop } = await databaseBefore('0031_lead_attempt_bodies');
    try {
      const client = await db.$client.connect();
      try {
        // Only lead_attempts is under test: its foreign keys to leads and products are not checked while filling it.
        await client.query(`set session_replication_role = replica`);
        for (const [i, d] of DAYS.entries()) {
          const [leadId, productId] = [randomUUID(), randomUUID()];
          // A sent attempt with its exchange, a product skipped without a call (no exchange) and, once, an odd row
          // with an answer but no request: it must come along too.
          const exchange = {
            request: { method: 'POST', url: `https://buyer.test/${i}`, headers: { a: '••••' }, body: `{"n":${i}}` },
            response: { status_code: 200, body: `{"ok":${i}}`, duration_ms: i, error: null },
          };
          const values = [
            [0, 'rejected', exchange.request, exchange.response],
            [1, 'caps_full', null, null],
            ...(i === 0 ? [[2, 'error', null, exchange.response]] : []),
          ];
          for (const [position, result, request, response] of values)
            await client.query(
              `insert into lead_attempts (lead_id, product_id, created_at, position, result, duration_ms, request, response, message)
               values ($1, $2, $3, $4, $5, $6, $7, $8, 'm')`,
              [leadId, productId, ago(d), position, result, i, request, response],
            );
        }
      } finally {
        client.release();
      }
      const q = (text: string) => db.$client.query(text);
      const old = (await q(`select json_agg(a order by id) as rows from lead_attempts a`)).rows[0].rows as Record<
        string,
        unknown
      >[];
      expect(old).toHaveLength(DAYS.length * 2 + 1);

      await migrateRest();

      // Every attempt is kept; with its body joined back by (attempt_id, created_at) it reads as before.
      const now = (
        await q(`select json_agg(a order by id) as rows from (
          select a.*, b.request, b.response from lead_attempts a
          left join lead_attempt_bodies b on b.attempt_id = a.id and b.created_at = a.created_at) a`)
      ).rows[0].rows as Record<string, unknown>[];
      // `called` says whether the buyer was called: a request was recorded.
      expect(now).toEqual(old.map((a) => ({ ...a, called: a.request !== null })));
      const columns = await q(
        `select column_name from information_schema.columns where table_name = 'lead_attempts' and column_name in ('request', 'response')`,
      );
      expect(columns.rows).toEqual([]);
      // Only attempts with a request or answer have a body, each once.
      const bodies = await q(
        `select count(*)::int as n, count(distinct attempt_id)::int as d from lead_attempt_bodies`,
      );
      expect(bodies.rows[0]).toEqual({ n: DAYS.length + 1, d: DAYS.length + 1 });

      const kind = await q(`select relkind from pg_class where relname = 'lead_attempt_bodies'`);
      expect(kind.rows[0].relkind).toBe('p');
      // Months from the oldest body in range (550 days back) to two months ahead.
      const months = await partitionsOf(db, 'lead_attempt_bodies');
      expect(months.length).toBeGreaterThanOrEqual(18 + 2);
      expect(months.some((p) => p.from.getTime() <= Date.now() - 550 * DAY)).toBe(true);
      const fallen = await q(`select count(*)::int as n from lead_attempt_bodies_default`);
      expect(fallen.rows[0].n).toBe(2); // 20 years back and 400 days ahead
      const pk = await q(
        `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'lead_attempt_bodies_pkey'`,
      );
      expect(pk.rows[0].def).toBe('PRIMARY KEY (attempt_id, created_at)');
    } finally {
      await drop();
    }
  });
});
