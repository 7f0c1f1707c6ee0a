import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { conversionHistory, conversions, offerProducts, users } from '../../db/schema.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';
import { click, clickIdOf } from '../tracking/click.fixtures.ts';
import type { Buyers } from '../leads/buyers.fixtures.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from '../leads/leads.fixtures.ts';
import { makeOffer } from '../offers/offers.fixtures.ts';
import { blocksOf, FIGURES, logOf, scopeOf, storeRule, undo } from './actions.fixtures.ts';
import { runRuleActions } from './rule-actions.ts';

// hold_conversions, remove_product and notify of docs/product/automation.md ("Actions and undo"), seen from outside:
// real postbacks, real leads to local buyers, the offers API, and the alert outbox.

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let direct: { uuid: string; id: number };
const TOKEN = 'adv-a-token-hold-0123456789';

beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  direct = await makeOffer(t.app, w, { form: { title: `Held ${w.tag}` } });
  await t.db.update(users).set(postbackTokenColumns(TOKEN)).where(eq(users.id, w.advA.id));
});
afterAll(() => stop?.());

/** A click of the affiliate (with sub1) and its first postback: the new conversion's status and history. */
const convert = async (affiliateId: string, sub1 = 'none') => {
  const res = await click(t.app, `/click/${direct.id}?aff=${affiliateId}&sub1=${sub1}`, { ip: '46.4.0.1' });
  const clickId = clickIdOf(res.headers.location as string);
  const pb = await t.app.inject({
    url: `/postback?click_id=${clickId}&goal=registration&status=approved&token=${TOKEN}`,
  });
  expect(pb.statusCode, pb.body).toBe(200);
  const id = pb.json().data.conversion_id as string;
  const [conv] = await t.db.select().from(conversions).where(eq(conversions.id, id));
  const history = await t.db.select().from(conversionHistory).where(eq(conversionHistory.conversionId, id));
  return {
    id,
    status: conv.status,
    history: history.map((h) => `${h.toStatus}:${h.source}`),
    reason: history[0].reason,
  };
};

describe('hold_conversions', () => {
  it('creates new conversions of the scope in hold, others as sent; undo stops holding and keeps the held', async () => {
    const before = await blocksOf(t.db);
    const rule = await storeRule(t.db, 'Hold suspicious', scopeOf('offer_affiliate'), [{ type: 'hold_conversions' }]);
    const bySub = await storeRule(t.db, 'Hold a source', scopeOf('sub', { sub_key: 'sub1', sub_value: 'fb' }), [
      { type: 'hold_conversions' },
    ]);
    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affA.id }, FIGURES);
    await runRuleActions(t.db, bySub, {}, FIGURES);

    const held = await convert(w.affA.id);
    expect(held).toMatchObject({ status: 'hold', history: ['hold:automation'] });
    expect(held.reason).toContain('Held by automation rule "Hold suspicious" (sent as approved');
    expect(await convert(w.affB.id)).toMatchObject({ status: 'approved', history: ['approved:postback'] });
    expect(await convert(w.affB.id, 'fb')).toMatchObject({ status: 'hold', history: ['hold:automation'] });

    const [action] = await logOf(t.db, rule.id);
    const res = await undo(t, w.admin, action.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.summary).toContain('those held meanwhile stay in hold');
    expect(await convert(w.affA.id)).toMatchObject({ status: 'approved' });
    const [still] = await t.db.select().from(conversions).where(eq(conversions.id, held.id));
    expect(still.status).toBe('hold');

    const [subAction] = await logOf(t.db, bySub.id);
    expect((await undo(t, w.admin, subAction.id)).statusCode).toBe(200);
    expect(await blocksOf(t.db)).toEqual(before);
  });
});

describe('remove_product', () => {
  const rowsOf = (productId: string) =>
    t.db.select().from(offerProducts).where(eq(offerProducts.productId, productId)).orderBy(asc(offerProducts.offerId));

  it('takes the product out of every waterfall; undo puts the rows back exactly, unless staff did', async () => {
    const first = buyers.add('accept');
    const second = buyers.add('accept');
    const p1 = await w.product(first);
    const p2 = await w.product(second);
    const offer = await w.offer([
      { product_uuid: p1, priority: 1, weight: 70, geos: ['DE'] },
      { product_uuid: p2, priority: 2 },
    ]);
    const other = await w.offer([{ product_uuid: p1, priority: 3 }]);
    const before = await rowsOf(p1);
    expect(before).toHaveLength(2);

    const rule = await storeRule(t.db, 'Buyer failing', scopeOf('product', { product_uuid: p1 }), [
      { type: 'remove_product' },
    ]);
    await runRuleActions(t.db, rule, {}, FIGURES);
    await runRuleActions(t.db, rule, {}, FIGURES);
    const log = await logOf(t.db, rule.id);
    expect(log).toHaveLength(1);
    expect(log[0].summary).toContain('out of the waterfall of 2 offer(s)');

    const shown = (await w.calls.get(w.admin, offer.uuid)).json.data.products;
    expect(shown.map((p: { product: { uuid: string } }) => p.product.uuid)).toEqual([p2]);
    const sent = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(sent.status, sent.body).toBe(200);
    expect(first.received).toHaveLength(0);
    expect(second.received).toHaveLength(1);

    expect((await undo(t, w.admin, log[0].id)).statusCode).toBe(200);
    expect(await rowsOf(p1)).toEqual(before);

    // Out again; staff link it to the other offer by hand; the undo would clash with their row.
    await runRuleActions(t.db, rule, {}, FIGURES);
    const again = (await logOf(t.db, rule.id)).at(-1)!;
    expect(again.type).toBe('remove_product');
    await w.calls.section(w.admin, other.uuid, 'products', { products: [{ product_uuid: p1, priority: 9 }] });
    const refused = await undo(t, w.admin, again.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.undo).toContain('again (put back by hand since)');
    expect((await rowsOf(p1)).map((r) => r.priority)).toEqual([9]);
  });
});

describe('notify', () => {
  const channel = async (ownerId: string | null, name: string) => {
    const { rows } = await t.db.execute<{
      id: string;
    }>(sql`insert into notification_channels (owner_id, kind, name, config)
      values (${ownerId}, 'email', ${name}, ${JSON.stringify({ addresses: [`${name}@alerts.test`] })}::jsonb) returning id`);
    return rows[0].id;
  };
  const outbox = async (key: string) => {
    const { rows } = await t.db.execute<{ channel_id: string; event: string }>(
      sql`select channel_id, event from notification_outbox where dedupe_key = ${key} order by channel_id`,
    );
    return rows.map((r) => `${r.channel_id}:${r.event}`).sort();
  };

  const mailsOf = async (actionId: string) => {
    const { rows } = await t.db.execute<{ to: string }>(
      sql`select "to" from mail_outbox where template = 'alert' and dedupe_key like ${`${actionId}:%`}`,
    );
    return rows.map((r) => r.to).sort();
  };

  it("queues one alert per channel, the owners' included, keyed by the action; nothing to undo", async () => {
    const network = await channel(null, 'ops');
    const manager = await channel(w.managerA.id, 'manager-a');
    const affiliate = await channel(w.affA.id, 'aff-a');
    const other = await channel(w.managerB.id, 'manager-b');
    const rule = await storeRule(
      t.db,
      'Cap full',
      scopeOf('offer_affiliate'),
      [{ type: 'notify', channel_uuids: [network], notify_owners: true }, { type: 'pause_affiliate' }],
      'cap_reached',
    );
    // affA's manager is managerA; the offer's advertiser advA is managerA's too.
    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affA.id }, FIGURES);
    const [notify, pause] = await logOf(t.db, rule.id);
    expect(notify).toMatchObject({ type: 'notify', status: 'done' });
    expect(await outbox(notify.id)).toEqual(
      [`${network}:cap_reached`, `${manager}:cap_reached`, `${affiliate}:cap_reached`].sort(),
    );
    expect(await outbox(pause.id)).toEqual([`${affiliate}:offer_paused`]);
    expect((await outbox(notify.id)).join()).not.toContain(other);
    // A full cap is mailed too, to the affiliate and its manager, once each.
    expect(await mailsOf(notify.id)).toEqual([w.affA.email, w.managerA.email].sort());
    await runRuleActions(
      t.db,
      { ...rule, builtin: 'cap_warning' },
      { offerId: direct.uuid, affiliateId: w.affA.id },
      FIGURES,
    );
    const warned = (await logOf(t.db, rule.id)).filter((a) => a.type === 'notify').at(-1)!;
    // At 80 % the managers already get the cap warning mail: only the affiliate is mailed.
    expect(await mailsOf(warned.id)).toEqual([w.affA.email]);
    const res = await undo(t, w.admin, notify.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ undo: 'Nothing to undo: an alert cannot be unsent' });
    await undo(t, w.admin, pause.id);
  });
});
