import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, offers } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import {
  directLinkForm,
  makeOffer,
  offerCalls,
  type OfferWorld,
  portalCalls,
  startOfferWorld,
} from './offers.fixtures.ts';

// An offer's own fraud values (docs/product/fraud.md, docs/product/offers.md): in the staff offer API as
// `fraud_settings`, partial, null for the network's, checked with the network's values around them, never shown to
// partners.
let t: TestApp;
let w: OfferWorld;
let calls: ReturnType<typeof offerCalls>;
beforeAll(async () => {
  ({ t, w, calls } = await startOfferWorld());
});
afterAll(async () => t?.close());

const stored = async (uuid: string) =>
  (await t.db.select({ v: offers.fraudSettings }).from(offers).where(eq(offers.id, uuid)))[0].v;
const OWN = { weights: { bot_agent: 100 }, thresholds: { ctit_min_seconds: 30 }, actions: { hold_conversion_at: 70 } };

describe('fraud_settings in the offer API', () => {
  it('is null on a new offer, stored on create and read back', async () => {
    const plain = (await calls.create(w.admin, directLinkForm(w))).json.data;
    expect(plain.fraud_settings).toBeNull();
    expect(await stored(plain.uuid)).toBeNull();
    const res = await calls.create(w.head, directLinkForm(w, { fraud_settings: OWN }));
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.fraud_settings).toEqual(OWN);
    expect(await stored(res.json.data.uuid)).toEqual(OWN);
    expect((await calls.get(w.head, res.json.data.uuid)).json.data.fraud_settings).toEqual(OWN);
  });

  it('keeps the stored values on an edit that leaves them out; partial values replace them; null clears', async () => {
    const res = await calls.create(w.admin, directLinkForm(w, { fraud_settings: OWN }));
    const uuid = res.json.data.uuid as string;
    const kept = await calls.update(w.admin, uuid, directLinkForm(w, { title: 'Renamed' }));
    expect(kept.status, kept.body).toBe(200);
    expect(kept.json.data.fraud_settings).toEqual(OWN);

    const partial = await calls.update(
      w.admin,
      uuid,
      directLinkForm(w, { fraud_settings: { weights: { ip_velocity: 0 } } }),
    );
    expect(partial.json.data.fraud_settings).toEqual({ weights: { ip_velocity: 0 } });

    // A group left empty is no value of the offer's: nothing set at all stores null.
    const empty = await calls.section(w.admin, uuid, 'fraud-settings', {
      fraud_settings: { weights: {}, actions: {} },
    });
    expect(empty.status, empty.body).toBe(200);
    expect(empty.json.data.fraud_settings).toBeNull();

    const section = await calls.section(w.head, uuid, 'fraud-settings', { fraud_settings: OWN });
    expect(section.json.data.fraud_settings).toEqual(OWN);
    const cleared = await calls.update(w.admin, uuid, directLinkForm(w, { fraud_settings: null }));
    expect(cleared.json.data.fraud_settings).toBeNull();
    expect(await stored(uuid)).toBeNull();
  });

  it('is changed by admin and head only: a manager is refused, whatever else the edit holds', async () => {
    const { uuid } = await makeOffer(t.app, w, { form: { fraud_settings: OWN } });
    const off = { actions: { hold_conversion_at: null } };
    const section = await calls.section(w.managerA, uuid, 'fraud-settings', { fraud_settings: off });
    expect(section.status, section.body).toBe(403);
    expect(section.json).toMatchObject({ status: 'error', data: null, error: { access: expect.any(String) } });
    const refused = { status: 'error', data: null, error: { fraud_settings: expect.any(String) } };
    for (const value of [off, null]) {
      const edit = await calls.update(w.managerA, uuid, directLinkForm(w, { title: 'Theirs', fraud_settings: value }));
      expect(edit.status, edit.body).toBe(403);
      expect(edit.json).toMatchObject(refused);
    }
    expect(await stored(uuid)).toEqual(OWN);
    expect((await calls.get(w.admin, uuid)).json.data.title).not.toBe('Theirs');
    const created = await calls.create(w.managerA, directLinkForm(w, { title: 'Theirs too', fraud_settings: off }));
    expect(created.status, created.body).toBe(403);
    expect(created.json).toMatchObject(refused);
    expect(await t.db.select().from(offers).where(eq(offers.title, 'Theirs too'))).toEqual([]);
    // The same edit without the field is the manager's to make, and keeps the offer's values.
    const kept = await calls.update(w.managerA, uuid, directLinkForm(w, { title: 'Theirs' }));
    expect(kept.status, kept.body).toBe(200);
    expect(await stored(uuid)).toEqual(OWN);
  });

  it('audits a change of the section', async () => {
    const { uuid } = await makeOffer(t.app, w);
    expect((await calls.section(w.head, uuid, 'fraud-settings', { fraud_settings: OWN })).status).toBe(200);
    const audits = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, w.head.id), eq(auditLog.action, 'offer_change')));
    expect(audits.map((a) => a.details)).toContainEqual({ offer_uuid: uuid, section: 'fraud_settings' });
  });

  it.each([
    [{ weights: { bot_agent: 101 } }, 'fraud_settings.weights.bot_agent', 'At most 100'],
    [{ actions: { flag_at: 0 } }, 'fraud_settings.actions.flag_at', 'At least 1'],
    [{ thresholds: { ctit_goals: ['nope'] } }, 'fraud_settings.thresholds.ctit_goals.0', undefined],
    // Above the network's maximum (30 days): checked with the network's values around the offer's.
    [
      { thresholds: { ctit_min_seconds: 86_400, ctit_max_seconds: 3600 } },
      'fraud_settings.thresholds.ctit_max_seconds',
      'Longer than the minimum',
    ],
  ])('refuses %j with a 400 under its dotted path, storing nothing', async (value, path, message) => {
    const { uuid } = await makeOffer(t.app, w);
    for (const res of [
      await calls.section(w.admin, uuid, 'fraud-settings', { fraud_settings: value }),
      await calls.update(w.admin, uuid, directLinkForm(w, { fraud_settings: value })),
    ]) {
      expect(res.status, res.body).toBe(400);
      expect(res.json).toMatchObject({ status: 'error', data: null });
      expect(Object.keys(res.json.error ?? {})).toEqual([path]);
      if (message) expect(res.json.error?.[path]).toBe(message);
    }
    expect(await stored(uuid)).toBeNull();
  });

  it('is never shown to partners', async () => {
    const { uuid, id } = await makeOffer(t.app, w, { form: { fraud_settings: OWN } });
    const portal = portalCalls(t.app);
    for (const res of [
      await portal.get(w.affA, id),
      await portal.list(w.affA),
      await api(t.app, 'GET', `/api/offers/v1/advertiser/${uuid}`, w.advA.token),
      await api(t.app, 'GET', `/api/offers/v1/advertiser/list`, w.advA.token),
    ]) {
      expect(res.status, res.body).toBe(200);
      expect(res.body).not.toContain('fraud');
      expect(res.body).not.toContain('hold_conversion_at');
    }
    for (const m of [w.affA, w.advA]) {
      expect((await calls.get(m, uuid)).status).toBe(403);
      expect((await calls.section(m, uuid, 'fraud-settings', { fraud_settings: null })).status).toBe(403);
    }
  });
});
