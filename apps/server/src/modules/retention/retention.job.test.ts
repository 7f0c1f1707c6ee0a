import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { settings } from '../../db/schema.ts';
import { QUEUES, sendInTx } from '../../jobs/jobs.ts';
import { writeClicks } from '../tracking/index.ts';
import { addPeriods, ensurePartitions, partitionName, partitionsOf, periodStart } from './partitions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { pollingIntervalSeconds: 0.5 });
  // The schedules are written once the app is up, outside its start (docs/decisions/034-start-under-load.md).
  await t.app.background.started();
});
afterAll(async () => {
  await t?.close();
});

const waitFor = async (ok: () => Promise<boolean>, ms = 60_000) => {
  for (const end = Date.now() + ms; !(await ok());) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const names = async () => (await partitionsOf(t.db, 'clicks')).map((p) => p.name);

describe('the partition job', () => {
  it('is scheduled hourly, makes the partitions ahead that are missing and drops the expired ones', async () => {
    const [schedule] = (
      await t.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${QUEUES.partitions}`)
    ).rows;
    expect(schedule.cron).toBe('17 * * * *');

    const now = new Date();
    const ahead = partitionName('clicks', addPeriods('week', periodStart('week', now), 3));
    const old = new Date(now.getTime() - 60 * 86_400_000);
    await ensurePartitions(t.db, old);
    const expired = partitionName('clicks', periodStart('week', old));
    await writeClicks(t.db, [{ id: randomUUID(), createdAt: old, offerId: randomUUID(), ip: '10.1.2.3' }]);
    await t.db.execute(sql.raw(`drop table ${ahead}`));
    await t.db.insert(settings).values({ key: 'general', value: { raw_clicks_days: 7 } });
    expect(await names()).toContain(expired);
    expect(await names()).not.toContain(ahead);

    await t.db.transaction((tx) => sendInTx(tx, QUEUES.partitions, {}));
    await waitFor(async () => {
      const now = await names();
      return now.includes(ahead) && !now.includes(expired);
    });
  });
});
