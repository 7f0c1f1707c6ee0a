import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leadStatusHistory, leads, outboundPostbacks } from '../../db/schema.ts';
import { applyStatuses } from './apply.ts';
import {
  insertLeadWithAttempt,
  item,
  setPostbackUrl,
  startStatusWorld,
  type LeadWorld,
} from './lead-status.fixtures.ts';

let t: TestApp;
let lw: LeadWorld;

beforeAll(async () => {
  ({ t, w: lw } = await startStatusWorld());
  await setPostbackUrl(t, lw.w.affA.id, 'lead', 'https://aff-a.example/lead?id={lead_id}&s={status}');
});
afterAll(async () => {
  await t?.close();
});

const newLead = (o: Parameters<typeof insertLeadWithAttempt>[4] = {}, productId = lw.products.plain) =>
  insertLeadWithAttempt(t, lw.offerId, lw.w.affA.id, productId, o);
const history = (leadId: string) =>
  t.db
    .select()
    .from(leadStatusHistory)
    .where(eq(leadStatusHistory.leadId, leadId))
    .orderBy(asc(leadStatusHistory.createdAt));
const leadRow = async (leadId: string) => (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0];
const apply = (...items: Parameters<typeof item>[0][]) => applyStatuses(t, lw.products.plain, items.map(item));

describe('applying pulled statuses', () => {
  it('maps a status into the history and the call status; the same status again changes nothing', async () => {
    const { leadId, attemptId } = await newLead();
    const first = await apply({ lead_id: attemptId, raw_status: 'No Answer', status: 'no_answer' });
    expect(first).toMatchObject({ items: 1, changed: 1, unchanged: 0, unmatched: 0, ftds: 0 });
    expect(await history(leadId)).toMatchObject([
      {
        fromStatus: null,
        toStatus: 'no_answer',
        rawStatus: 'No Answer',
        source: 'pull',
        backwards: false,
        isFtd: false,
      },
    ]);
    expect(await leadRow(leadId)).toMatchObject({
      callStatus: 'no_answer',
      rawStatus: 'No Answer',
      needsReview: false,
      isFtd: false,
    });

    const again = await apply({ lead_id: attemptId, raw_status: 'No Answer', status: 'no_answer' });
    expect(again).toMatchObject({ changed: 0, unchanged: 1 });
    expect(await history(leadId)).toHaveLength(1);
  });

  it('keeps an unmapped status as raw text with the call status unchanged, once', async () => {
    const { leadId, attemptId } = await newLead({ callStatus: 'interested', rawStatus: 'interested' });
    await apply({ lead_id: attemptId, raw_status: 'Pending KYC', status: null });
    await apply({ lead_id: attemptId, raw_status: 'Pending KYC', status: null });
    expect(await history(leadId)).toMatchObject([
      { fromStatus: 'interested', toStatus: 'interested', rawStatus: 'Pending KYC' },
    ]);
    expect(await leadRow(leadId)).toMatchObject({ callStatus: 'interested', rawStatus: 'Pending KYC' });
  });

  it('matches by the buyer id when the item has no Lead Id, and ignores ids that are not ours', async () => {
    const { leadId, externalId } = await newLead();
    const other = await newLead({}, lw.products.overridden);
    const res = await apply(
      { external_id: externalId, raw_status: 'callback', status: 'call_back' },
      { lead_id: 'not-a-uuid', raw_status: 'new', status: 'new' },
      { lead_id: crypto.randomUUID(), raw_status: 'new', status: 'new' },
      // Another product's attempt: this product's pull cannot touch it.
      { lead_id: other.attemptId, raw_status: 'invalid', status: 'invalid' },
    );
    expect(res).toMatchObject({ items: 4, changed: 1, unmatched: 3 });
    expect((await leadRow(leadId)).callStatus).toBe('call_back');
    expect(await history(other.leadId)).toEqual([]);
  });

  it('flags a status that goes backwards (interested → invalid) for review; forward moves and new → invalid do not', async () => {
    const forward = await newLead();
    for (const [raw, status] of [
      ['new', 'new'],
      ['no_answer', 'no_answer'],
      ['interested', 'interested'],
    ] as const) {
      await apply({ lead_id: forward.attemptId, raw_status: raw, status });
    }
    expect((await history(forward.leadId)).map((h) => [h.toStatus, h.backwards])).toEqual([
      ['new', false],
      ['no_answer', false],
      ['interested', false],
    ]);
    expect((await leadRow(forward.leadId)).needsReview).toBe(false);

    await apply({ lead_id: forward.attemptId, raw_status: 'invalid', status: 'invalid' });
    expect((await history(forward.leadId)).at(-1)).toMatchObject({
      fromStatus: 'interested',
      toStatus: 'invalid',
      backwards: true,
    });
    expect(await leadRow(forward.leadId)).toMatchObject({ callStatus: 'invalid', needsReview: true });

    const fresh = await newLead({ callStatus: 'new', rawStatus: 'new' });
    await apply({ lead_id: fresh.attemptId, raw_status: 'invalid', status: 'invalid' });
    expect((await history(fresh.leadId))[0]).toMatchObject({
      fromStatus: 'new',
      toStatus: 'invalid',
      backwards: false,
    });
    expect((await leadRow(fresh.leadId)).needsReview).toBe(false);
  });

  it("an unknown lead (its buyer timed out) becomes accepted by that product when the buyer reports it, with its 'lead' postback", async () => {
    const { leadId, attemptId } = await newLead({ status: 'unknown' });
    await apply({ lead_id: attemptId, external_id: 'buyer-991', raw_status: 'new', status: 'new' });
    expect(await leadRow(leadId)).toMatchObject({
      status: 'accepted',
      productId: lw.products.plain,
      acceptedAttemptId: attemptId,
      externalId: 'buyer-991',
      reason: null,
      callStatus: 'new',
    });
    const lead = (pb: typeof outboundPostbacks.$inferSelect) => pb.event === 'lead' && pb.url.includes(leadId);
    expect((await t.db.select().from(outboundPostbacks)).filter(lead)).toMatchObject([
      { url: `https://aff-a.example/lead?id=${leadId}&s=accepted` },
    ]);
    await apply({ lead_id: attemptId, external_id: 'buyer-991', raw_status: 'no_answer', status: 'no_answer' });
    expect((await t.db.select().from(outboundPostbacks)).filter(lead)).toHaveLength(1);
    // A failed lead is not resurrected by a stray report.
    const failed = await newLead({ status: 'failed', productId: null });
    expect((await apply({ lead_id: failed.attemptId, raw_status: 'new', status: 'new' })).changed).toBe(0);
    expect((await leadRow(failed.leadId)).status).toBe('failed');
  });
});
