import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readPostbackContext } from '../tracking/index.ts';
import { partitionsOf } from './partitions.ts';
import { databaseBefore } from '#test/migrated-database.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
// Spread over half a year, plus one far in the past (before the 10 years the migration makes partitions for) and one
// far ahead (past the partitions made ahead): both must land in the DEFAULT partition, not be lost.
const DAYS = [0, 1, 6, 8, 15, 29, 40, 61, 95, 130, 181, -3, 20 * 365, -400];

describe('migration 0029: the logs become partitioned tables', () => {
  it('keeps every row of clicks, inbound postbacks and outbound attempts, and a click is still found by its id', async () => {
    const { db, migrateRest, drop } = await databaseBefore('0029_partitions');
    try {
      const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
      const {
        rows: [user],
      } = await q(
        `insert into users (email, password_hash, role) values ('aff@test.local', 'x', 'affiliate') returning id`,
      );
      const offerId = randomUUID();
      const clickIds: string[] = [];
      for (const [i, d] of DAYS.entries()) {
        for (let k = 0; k < 3; k++) {
          const id = randomUUID();
          clickIds.push(id);
          await q(`insert into clicks (id, created_at, offer_id, affiliate_id, sub1) values ($1, $2, $3, $4, $5)`, [
            id,
            ago(d),
            offerId,
            user.id,
            `s${i}-${k}`,
          ]);
        }
        await q(
          `insert into inbound_postbacks (created_at, click_id, method, params, status_code, response) values ($1, $2, 'GET', '{}', 200, '{}')`,
          [ago(d), clickIds.at(-1)],
        );
        const {
          rows: [pb],
        } = await q(
          `insert into outbound_postbacks (created_at, affiliate_id, event, url) values ($1, $2, 'conversion', 'https://x.test') returning id`,
          [ago(d), user.id],
        );
        await q(
          `insert into outbound_attempts (postback_id, at, url, duration_ms) values ($1, $2, 'https://x.test', 5)`,
          [pb.id, ago(d)],
        );
      }
      const snapshot = async () =>
        (
          await q(`select
            (select json_agg(c order by id) from clicks c) as clicks,
            (select json_agg(p order by id) from inbound_postbacks p) as inbound,
            (select json_agg(a order by id) from outbound_attempts a) as attempts`)
        ).rows[0];
      const old = await snapshot();
      expect(old.clicks).toHaveLength(DAYS.length * 3);

      await migrateRest();

      // Later migrations add columns (null on old rows); every value the rows had stays as it was.
      const now = await snapshot();
      const asBefore = (rows: Record<string, unknown>[], like: Record<string, unknown>[]) =>
        rows.map((r) => Object.fromEntries(Object.keys(like[0]).map((k) => [k, r[k]])));
      expect({
        clicks: asBefore(now.clicks, old.clicks),
        inbound: asBefore(now.inbound, old.inbound),
        attempts: asBefore(now.attempts, old.attempts),
      }).toEqual(old);
      const kinds = await q(
        `select relname, relkind from pg_class where relname in ('clicks', 'inbound_postbacks', 'outbound_attempts') order by relname`,
      );
      expect(kinds.rows.map((r) => r.relkind)).toEqual(['p', 'p', 'p']);
      // Weeks of clicks from the oldest row in range (181 days back) to four weeks ahead.
      const weeks = await partitionsOf(db, 'clicks');
      expect(weeks.length).toBeGreaterThanOrEqual(26 + 4);
      expect(weeks.some((p) => p.from.getTime() <= Date.now() - 181 * DAY)).toBe(true);
      const fallen = await q(`select count(*)::int as n from clicks_default`);
      expect(fallen.rows[0].n).toBe(6); // 20 years back and 400 days ahead, 3 clicks each
      const pk = await q(
        `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'clicks_pkey' and conrelid = 'clicks'::regclass`,
      );
      expect(pk.rows[0].def).toBe('PRIMARY KEY (id, created_at)');
      // A postback's lookup of its click by id, on an old click and on one in the default partition.
      for (const id of [clickIds[3 * 10], clickIds[3 * 12]])
        expect((await readPostbackContext(db, 'no-such-token', id)).click?.id).toBe(id);
      // The foreign keys came along: an attempt of a postback that does not exist is refused.
      await expect(
        q(`insert into outbound_attempts (postback_id, url, duration_ms) values ($1, 'https://x.test', 1)`, [
          randomUUID(),
        ]),
      ).rejects.toThrow(/foreign key/);
    } finally {
      await drop();
    }
  });
});
