import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, landings, offerLandings, offers } from '../../db/schema.ts';
import { type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';
import { insertOffer, landingCalls } from './landings.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
let l: ReturnType<typeof landingCalls>;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
  l = landingCalls(t.app, w.tag);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/landings/v1/create', () => {
  it('creates a landing with its number, offers and an audit entry', async () => {
    const offer = await insertOffer(t.db);
    const res = await l.create(w.admin, { offer_uuids: [offer.id], tags: ['casino', 'casino', 'slots'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      name: `Spin page ${w.tag}`,
      type: 'landing',
      status: 'active',
      privacy: 'public',
      languages: ['en', 'de'],
      tags: ['casino', 'slots'],
      offers: [{ uuid: offer.id, id: offer.number, title: offer.title, status: 'not_active' }],
    });
    expect(res.json.data.id).toBeGreaterThanOrEqual(100);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'landing_uuid' = ${res.json.data.uuid}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'landing_change',
      actorId: w.admin.id,
      details: { change: 'create', landing_id: res.json.data.id },
    });
  });

  it('applies the defaults: moderation, public, no languages, an empty preview URL stored as none', async () => {
    const res = await l.create(w.head, {
      status: undefined,
      privacy: undefined,
      languages: undefined,
      preview_url: '',
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'moderation', privacy: 'public', languages: [], preview_url: null });
  });

  it('refuses a non-http URL, an unknown macro, unknown and repeated languages', async () => {
    const ftp = await l.create(w.admin, { url: 'ftp://lp.example/x' });
    expect(ftp.status).toBe(400);
    expect(ftp.json.error).toEqual({ url: 'Enter a full http:// or https:// address' });
    const macro = await l.create(w.admin, {
      url: 'https://lp.example/?a={foo}&b={click_id}',
      preview_url: 'https://lp.example/{bar}',
    });
    expect(macro.json.error).toEqual({ url: 'Unknown macro: {foo}', preview_url: 'Unknown macro: {bar}' });
    const unknown = await l.create(w.admin, { languages: ['en', 'xx'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toEqual({ 'languages.1': 'Unknown language' });
    const twice = await l.create(w.admin, { languages: ['en', 'en'] });
    expect(twice.json.error).toEqual({ languages: 'Each language once' });
    const noName = await l.create(w.admin, { name: '  ' });
    expect(noName.json.error).toEqual({ name: 'Name is required' });
  });

  it('refuses unknown and deleted offers and stores nothing', async () => {
    const gone = await insertOffer(t.db, { status: 'deleted' });
    const before = (await l.list(w.admin)).count;
    for (const id of [randomUUID(), gone.id]) {
      const res = await l.create(w.admin, { name: `Orphan ${w.tag}`, offer_uuids: [id] });
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({ offer_uuids: 'Unknown offer' });
    }
    expect((await l.list(w.admin)).count).toBe(before);
  });
});

describe('PUT /api/landings/v1/:uuid', () => {
  it('edits every field and replaces the attached offers', async () => {
    const [a, b, c] = [await insertOffer(t.db), await insertOffer(t.db), await insertOffer(t.db)];
    const created = (await l.create(w.admin, { offer_uuids: [a.id, b.id] })).json.data;
    const res = await l.update(w.admin, created.uuid, {
      name: `Renamed ${w.tag}`,
      type: 'prelanding',
      url: 'https://pre.example/{sub2}',
      preview_url: '',
      languages: ['fr'],
      privacy: 'private',
      status: 'stopped',
      tags: [],
      offer_uuids: [b.id, c.id],
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      uuid: created.uuid,
      id: created.id,
      name: `Renamed ${w.tag}`,
      type: 'prelanding',
      url: 'https://pre.example/{sub2}',
      preview_url: null,
      languages: ['fr'],
      privacy: 'private',
      status: 'stopped',
      tags: [],
    });
    expect(res.json.data.offers.map((o: { uuid: string }) => o.uuid).sort()).toEqual([b.id, c.id].sort());
    expect((await l.get(w.admin, created.uuid)).json.data).toEqual(res.json.data);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'landing_uuid' = ${created.uuid}`);
    expect(audits.map((e) => e.details.change).sort()).toEqual(['create', 'status', 'update']);
    expect(audits.find((e) => e.details.change === 'status')?.details).toMatchObject({ from: 'active', to: 'stopped' });
  });

  it('a failed update leaves the stored landing and its offers unchanged', async () => {
    const offer = await insertOffer(t.db);
    const created = (await l.create(w.admin, { offer_uuids: [offer.id] })).json.data;
    const res = await l.update(w.admin, created.uuid, {
      name: `Changed ${w.tag}`,
      status: 'stopped',
      offer_uuids: [randomUUID()],
    });
    expect(res.status).toBe(400);
    expect((await l.get(w.admin, created.uuid)).json.data).toEqual(created);
  });

  it('keeps links to deleted offers out of sight and in place; a deleted landing is restored before editing', async () => {
    const [kept, hidden] = [await insertOffer(t.db), await insertOffer(t.db)];
    const created = (await l.create(w.admin, { offer_uuids: [kept.id, hidden.id] })).json.data;
    await t.db.update(offers).set({ status: 'deleted' }).where(eq(offers.id, hidden.id));
    expect((await l.get(w.admin, created.uuid)).json.data.offers.map((o: { uuid: string }) => o.uuid)).toEqual([
      kept.id,
    ]);
    await l.status(w.admin, created.uuid, 'deleted');
    const refused = await l.update(w.admin, created.uuid, { offer_uuids: [], status: 'active' });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ status: 'This landing is deleted: restore it before editing' });
    await l.status(w.admin, created.uuid, 'stopped');
    const res = await l.update(w.admin, created.uuid, { offer_uuids: [], status: 'stopped' });
    expect(res.json.data).toMatchObject({ status: 'stopped', offers: [] });
    const links = await t.db.select().from(offerLandings).where(eq(offerLandings.landingId, created.uuid));
    expect(links.map((r) => r.offerId)).toEqual([hidden.id]);
  });

  it('answers 404 for an unknown landing', async () => {
    expect((await l.update(w.admin, randomUUID())).status).toBe(404);
    expect((await l.get(w.admin, randomUUID())).status).toBe(404);
    expect((await l.status(w.admin, randomUUID(), 'active')).status).toBe(404);
  });

  it("puts a newly linked landing last in the offer's order", async () => {
    const offer = await insertOffer(t.db);
    const first = (await l.create(w.admin, { offer_uuids: [offer.id] })).json.data;
    const second = (await l.create(w.admin, { offer_uuids: [offer.id] })).json.data;
    const rows = await t.db.select().from(offerLandings).where(eq(offerLandings.offerId, offer.id));
    const pos = Object.fromEntries(rows.map((r) => [r.landingId, r.position]));
    expect(pos[second.uuid]).toBeGreaterThan(pos[first.uuid]);
    expect(await t.db.select({ id: landings.id }).from(landings).where(eq(landings.id, first.uuid))).toHaveLength(1);
  });
});
