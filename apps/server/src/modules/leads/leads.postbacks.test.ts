import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { startUrlRecorder, type UrlRecorder } from '#test/url-recorder.ts';
import { outboundPostbacks } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let receiver: UrlRecorder;

beforeAll(async () => {
  receiver = await startUrlRecorder();
  // Jobs on: the postback is really delivered by the same worker that sends conversion postbacks.
  ({ t, w, buyers, stop } = await startLeadWorld({ pollingIntervalSeconds: 0.5, postbackRetryDelays: [0] }));
});
afterAll(async () => {
  await stop?.();
  await receiver?.close();
});

const postbacksOf = (affiliateId: string) =>
  t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.affiliateId, affiliateId));
const delivered = async (affiliateId: string, n: number) => {
  for (let i = 0; i < 240; i += 1) {
    const rows = (await postbacksOf(affiliateId)).filter((r) => r.status === 'delivered');
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('lead postback not delivered');
};

describe("the affiliate's lead postback", () => {
  it('is queued with the acceptance and delivered with the lead macros; a test lead and a failed lead fire none', async () => {
    const saved = await api(t.app, 'PUT', '/api/postbacks/v1/settings', w.affA.token, {
      items: [
        {
          event: 'lead',
          offer_id: null,
          url: `${receiver.base}/lead?l={lead_id}&c={click_id}&o={offer_id}&s={status}&p={payout}&cur={currency}&a={sub1}&e={sub5}&g={geo}`,
        },
      ],
    });
    expect(saved.status, saved.body).toBe(200);
    const offer = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }], { currency: 'EUR' });
    const res = await sendLead(t, w.keyA, leadBody(offer.id, { sub1: 'camp 1', sub5: 'five' }));
    expect(res.json.data?.status, res.body).toBe('accepted');
    const [pb] = await delivered(w.affA.id, 1);
    expect(pb).toMatchObject({ event: 'lead', conversionId: null, offerId: offer.uuid });
    expect(pb.url).toBe(
      `${receiver.base}/lead?l=${res.json.data.lead_id}&c=&o=${offer.id}&s=accepted&p=0.00&cur=EUR&a=camp%201&e=five&g=DE`,
    );
    expect(receiver.hits).toContain(pb.url.slice(receiver.base.length));

    expect((await sendLead(t, w.keyA, leadBody(offer.id, { test: true }))).json.data.status).toBe('accepted');
    const refusing = await w.offer([{ product_uuid: await w.product(buyers.add('reject')) }]);
    expect((await sendLead(t, w.keyA, leadBody(refusing.id))).status).toBe(422);
    await new Promise((r) => setTimeout(r, 500));
    expect(await postbacksOf(w.affA.id)).toHaveLength(1);
  });

  it('is not fired for an affiliate without a lead URL', async () => {
    const offer = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }]);
    const keyB = await w.keyOf(w.affB);
    expect((await sendLead(t, keyB, leadBody(offer.id))).json.data.status).toBe('accepted');
    expect(await postbacksOf(w.affB.id)).toHaveLength(0);
  });
});
