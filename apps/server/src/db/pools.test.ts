import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, signedIn } from '#test/factories.ts';
import { startBuyers, type Buyers } from '../modules/leads/buyers.fixtures.ts';
import { createLeadWorld, leadBody, sendLead } from '../modules/leads/leads.fixtures.ts';
import { click, clickIdOf, clickWorld, storedClick } from '../modules/tracking/click.fixtures.ts';

// The panel's pool and the hot paths' pool are apart (db/open.ts): a report that fills the panel's connections with
// slow statements must not hold up a click or a lead, and a statement over the panel's timeout answers an envelope.

let buyers: Buyers;
let slow: TestApp;
let strict: TestApp;
beforeAll(async () => {
  buyers = await startBuyers();
  [slow, strict] = await Promise.all([
    createTestApp(
      { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true', DB_STATEMENT_TIMEOUT_MS: '600000' },
      { start: false },
      { twoPools: true },
    ),
    createTestApp({ DB_STATEMENT_TIMEOUT_MS: '1500' }, { start: false }, { twoPools: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([slow?.close(), strict?.close()]);
  await buyers?.close();
});

const until = async (check: () => Promise<boolean>, what: string) => {
  for (const deadline = Date.now() + 30_000; !(await check());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const sleepers = async (t: TestApp) =>
  Number(
    (
      await t.hotDb.execute<{ n: string }>(sql`
  select count(*) as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(600)%'`)
    ).rows[0].n,
  );

describe('database pools', () => {
  it('stores a click and answers a lead while slow report queries hold every connection of the panel pool', async () => {
    const t = slow;
    const leadWorld = await createLeadWorld(t);
    const leadOffer = await leadWorld.offer([{ product_uuid: await leadWorld.product(buyers.add('accept')) }]);
    const cw = await clickWorld(t.app, t.db);
    const clickOffer = await cw.offer();
    const size = t.db.$client.options.max!;

    let sleeping = true;
    const sleeps = Array.from({ length: size + 1 }, () => t.db.execute(sql`select pg_sleep(600)`));
    void Promise.allSettled(sleeps).then(() => {
      sleeping = false;
    });
    await until(async () => (await sleepers(t)) === size, 'the panel pool to fill');
    // The panel itself now waits for a connection.
    let panelAnswered = false;
    const panel = call(t.app, 'GET', '/api/offers/v1/list', { token: cw.admin.token }).then(() => {
      panelAnswered = true;
    });

    const res = await click(t.app, `/click/${clickOffer.id}?aff=${cw.affA.id}`);
    expect(res.statusCode).toBe(302);
    expect(await storedClick(t, t.hotDb, clickIdOf(res.headers.location as string)!)).toBeDefined();
    const lead = await sendLead(t, leadWorld.keyA, leadBody(leadOffer.id));
    expect(lead.status, lead.body).toBe(200);
    expect(lead.json.data.status).toBe('accepted');

    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect({ sleeping, panelAnswered }).toEqual({ sleeping: true, panelAnswered: false });
    // Cancelled, the queued sleep takes a freed connection; cancel until none is left.
    await until(async () => {
      await t.hotDb.execute(sql`select pg_cancel_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'select pg_sleep(600)%' and pid <> pg_backend_pid()`);
      return !sleeping;
    }, 'the sleeps to stop');
    await panel;
    expect(panelAnswered).toBe(true);
  });

  it('stops a panel statement at DB_STATEMENT_TIMEOUT_MS and answers 503 with the error envelope', async () => {
    const t = strict;
    const { token } = await signedIn(t.app, t.db, { role: 'admin' });
    // Every report reads the zones first; held by a lock, the report's statement waits past the timeout.
    const holder = await t.hotDb.$client.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table stats_zones in access exclusive mode');
      const res = await call(t.app, 'GET', '/api/statistic/v1/general?group=day', { token });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        data: null,
        error: { query: 'The query took too long; narrow the period or filters' },
      });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    // The hot pool has no such bound.
    expect(
      (await t.hotDb.execute<{ s: string }>(sql`select current_setting('statement_timeout') as s`)).rows[0].s,
    ).toBe('0');
    expect((await t.db.execute<{ s: string }>(sql`select current_setting('statement_timeout') as s`)).rows[0].s).toBe(
      '1500ms',
    );
  });

  it('saves a new partner zone past the timeout: rebuilding the zone-day rollup is no report', async () => {
    const t = strict;
    const { token } = await signedIn(t.app, t.db, { role: 'admin' });
    const general = (await call(t.app, 'GET', '/api/settings/v1/general', { token })).json().data;
    const zone = general.time_zone === 'Europe/Berlin' ? 'Europe/Paris' : 'Europe/Berlin';
    // The rebuild waits for the zones' lock (migration 0015), held here until it has waited longer than the timeout.
    const holder = await t.hotDb.$client.connect();
    try {
      await holder.query(`select pg_advisory_lock(hashtext('stats_zones'))`);
      let done = false;
      const saving = call(t.app, 'PUT', '/api/settings/v1/general', {
        token,
        payload: { ...general, time_zone: zone },
      }).finally(() => {
        done = true;
      });
      await until(
        async () =>
          done ||
          Number(
            (
              await holder.query(`select coalesce(max(extract(epoch from now() - query_start)), 0) * 1000 as ms
        from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%settings%'`)
            ).rows[0].ms,
          ) > 2500,
        'the save to wait',
      );
      await holder.query(`select pg_advisory_unlock(hashtext('stats_zones'))`);
      const res = await saving;
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      holder.release();
    }
    expect(
      (await t.hotDb.execute<{ zone: string }>(sql`select zone from stats_zones order by zone`)).rows.map(
        (r) => r.zone,
      ),
    ).toContain(zone);
  });
});
