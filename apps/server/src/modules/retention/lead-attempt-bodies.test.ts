import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leadAttemptBodies, leadAttempts } from '../../db/schema.ts';
import type { Buyers } from '../leads/buyers.fixtures.ts';
import { attemptsOf, leadBody, leadRowOf, sendLead, startLeadWorld, type LeadWorld } from '../leads/leads.fixtures.ts';
import { api } from '../managers/staff.fixtures.ts';
import { ensurePartitions, partitionName, partitionsOf, periodStart } from './partitions.ts';
import { runRetention } from './retention.service.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/** The partition of lead_attempt_bodies holding an attempt's body, or null when it has none. */
const bodyPartition = async (attemptId: string) =>
  (
    await t.db.execute<{ part: string }>(
      sql`select tableoid::regclass::text as part from lead_attempt_bodies where attempt_id = ${attemptId}`,
    )
  ).rows[0]?.part ?? null;

describe("lead attempts' stored requests and answers", () => {
  it('are dropped with the logs retention while the attempts and leads stay, and the session still shows them', async () => {
    const offer = await w.offer([
      { product_uuid: await w.product(buyers.add('reject')) },
      { product_uuid: await w.product(buyers.add('accept')), priority: 2 },
    ]);
    const sent = async () => {
      const res = await sendLead(t, w.keyA, leadBody(offer.id));
      expect(res.json.data.status, res.body).toBe('accepted');
      return res.json.data.lead_id as string;
    };
    const [old, recent] = [await sent(), await sent()];
    const before = await attemptsOf(t, old);
    expect(before.map((a) => [a.result, a.called])).toEqual([
      ['rejected', true],
      ['accepted', true],
    ]);
    for (const a of before) {
      expect(a.request?.method).toBe('POST');
      expect(a.response?.status_code).toBeTypeOf('number');
    }

    // The old lead's attempts as if made 450 days ago: their bodies move to that month's partition.
    const at = new Date(Date.now() - 450 * DAY);
    await ensurePartitions(t.db, at);
    const month = partitionName('lead_attempt_bodies', periodStart('month', at));
    await t.db.update(leadAttempts).set({ createdAt: at }).where(eq(leadAttempts.leadId, old));
    for (const a of before)
      await t.db.update(leadAttemptBodies).set({ createdAt: at }).where(eq(leadAttemptBodies.attemptId, a.id));
    for (const a of before) expect(await bodyPartition(a.id)).toBe(month);

    // The default 90 days of clicks keep the logs, and these bodies, 365 days.
    const result = await runRetention(t.db);
    expect(result.failed).toEqual([]);
    expect(result.dropped).toContain(month);
    expect((await partitionsOf(t.db, 'lead_attempt_bodies')).map((p) => p.name)).not.toContain(month);

    const after = await attemptsOf(t, old);
    expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id));
    for (const a of after) {
      expect(a.request).toBeNull();
      expect(a.response).toBeNull();
      // Whether the buyer was called outlives the body: the Cold API never sends the lead to that buyer again.
      expect(a.called).toBe(true);
    }
    const lead = await leadRowOf(t, old);
    expect(lead.status).toBe('accepted');
    expect(lead.acceptedAttemptId).toBe(before[1].id);
    // The recent lead keeps its bodies.
    for (const a of await attemptsOf(t, recent)) {
      expect(a.request).not.toBeNull();
      expect(await bodyPartition(a.id)).toBe(partitionName('lead_attempt_bodies', periodStart('month', new Date())));
    }

    // The user sessions log still lists the old lead with both attempts.
    const res = await api(
      t.app,
      'GET',
      `/api/statistic/v1/user-sessions?date_from=${today()}&date_to=${today()}&tz=UTC&kind=api`,
      w.admin.token,
    );
    expect(res.status, res.body).toBe(200);
    const row = res.json.data.list.find((r: { uuid: string }) => r.uuid === old);
    expect(row, res.body).toBeTruthy();
    expect(row.attempts.map((a: { uuid: string; result: string }) => [a.uuid, a.result])).toEqual([
      [before[0].id, 'rejected'],
      [before[1].id, 'accepted'],
    ]);
  });
});
