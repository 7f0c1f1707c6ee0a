import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { landings, offerLandings } from '../../db/schema.ts';
import { api, putSettings, type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';
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

const names = (page: { list: { name: string }[] }) => page.list.map((x) => x.name).sort();

describe('GET /api/landings/v1/list', () => {
  it('filters by type, status, privacy, language, tag and offer; hides deleted unless asked', async () => {
    const offer = await insertOffer(t.db);
    const a = (
      await l.create(w.admin, { name: `A ${w.tag}`, languages: ['en'], tags: ['slots'], offer_uuids: [offer.id] })
    ).json.data;
    await l.create(w.admin, {
      name: `B ${w.tag}`,
      type: 'prelanding',
      privacy: 'private',
      languages: ['de'],
      status: 'moderation',
    });
    const c = (await l.create(w.admin, { name: `C ${w.tag}`, tags: ['sports'] })).json.data;
    await l.status(w.admin, c.uuid, 'deleted');

    expect(names(await l.list(w.admin))).toEqual([`A ${w.tag}`, `B ${w.tag}`]);
    expect(names(await l.list(w.admin, '&status=deleted'))).toEqual([`C ${w.tag}`]);
    expect(names(await l.list(w.admin, '&status=moderation'))).toEqual([`B ${w.tag}`]);
    expect(names(await l.list(w.admin, '&type=prelanding'))).toEqual([`B ${w.tag}`]);
    expect(names(await l.list(w.admin, '&privacy=public'))).toEqual([`A ${w.tag}`]);
    expect(names(await l.list(w.admin, '&language=de'))).toEqual([`B ${w.tag}`]);
    expect(names(await l.list(w.admin, '&tag=slots'))).toEqual([`A ${w.tag}`]);
    expect(names(await l.list(w.admin, `&offer_uuid=${offer.id}`))).toEqual([`A ${w.tag}`]);
    expect((await api(t.app, 'GET', '/api/landings/v1/list?language=xx', w.admin.token)).status).toBe(400);
    // Deleting is only a status: the offer link stays.
    expect(await t.db.select().from(offerLandings).where(eq(offerLandings.landingId, a.uuid))).toHaveLength(1);
  });

  it('searches by name, URL, number and UUID', async () => {
    const x = (await l.create(w.admin, { name: `Needle ${w.tag}`, url: `https://haystack-${w.tag}.example/` })).json
      .data;
    const search = async (q: string) =>
      names(
        (await api(t.app, 'GET', `/api/landings/v1/list?search=${encodeURIComponent(q)}`, w.admin.token)).json.data,
      );
    expect(await search(`Needle ${w.tag}`)).toEqual([x.name]);
    expect(await search(`haystack-${w.tag}`)).toEqual([x.name]);
    expect(await search(String(x.id))).toContain(x.name);
    expect(await search(x.uuid)).toEqual([x.name]);
    expect(await search(`${w.tag}%`)).toEqual([]);
  });

  it('sorts, pages with a total, and bounds created dates in the partner time zone', async () => {
    const tag = `${w.tag}p`;
    const p = landingCalls(t.app, tag);
    for (const n of ['b', 'c', 'a']) await p.create(w.admin, { name: `${n} ${tag}` });
    const byName = await p.list(w.admin, '&sort=name&order=asc&count=2&page=1');
    expect(byName.list.map((x) => x.name)).toEqual([`a ${tag}`, `b ${tag}`]);
    expect(byName.count).toBe(3);
    const past = await p.list(w.admin, '&count=2&page=5');
    expect(past).toEqual({ list: [], count: 3 });
    const byId = await p.list(w.admin, '&sort=id&order=desc');
    expect(byId.list.map((x) => x.name)).toEqual([`a ${tag}`, `c ${tag}`, `b ${tag}`]);

    // 23:30 UTC on 1 March is already 2 March in Kyiv (UTC+2).
    const [row] = await t.db
      .select()
      .from(landings)
      .where(eq(landings.name, `a ${tag}`));
    await t.db
      .update(landings)
      .set({ createdAt: new Date('2025-03-01T23:30:00Z') })
      .where(eq(landings.id, row.id));
    await putSettings(t.db, 'general', { partner_title: 'Net', time_zone: 'Europe/Kyiv', currency: 'USD' });
    expect(names(await p.list(w.admin, '&created_from=2025-03-02&created_to=2025-03-02'))).toEqual([`a ${tag}`]);
    expect(names(await p.list(w.admin, '&created_from=2025-03-01&created_to=2025-03-01'))).toEqual([]);
    await putSettings(t.db, 'general', { partner_title: 'Net', time_zone: 'UTC', currency: 'USD' });
    expect(names(await p.list(w.admin, '&created_to=2025-03-01'))).toEqual([`a ${tag}`]);
  });
});

describe('landings roles and options', () => {
  it('lets only admin and head manage; managers read options, team leads nothing', async () => {
    const created = (await l.create(w.head, { name: `Roles ${w.tag}` })).json.data;
    for (const m of [w.managerA, w.lead]) {
      expect((await api(t.app, 'GET', '/api/landings/v1/list', m.token)).status).toBe(403);
      expect((await l.create(m)).status).toBe(403);
      expect((await l.get(m, created.uuid)).status).toBe(403);
      expect((await l.status(m, created.uuid, 'stopped')).status).toBe(403);
    }
    expect((await api(t.app, 'GET', '/api/landings/v1/options', w.managerA.token)).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/landings/v1/options', w.lead.token)).status).toBe(403);
  });

  it('options lists every landing that is not deleted, landings before pre-landings, by name', async () => {
    const tag = `${w.tag}o`;
    const o = landingCalls(t.app, tag);
    const pre = (
      await o.create(w.admin, { name: `A pre ${tag}`, type: 'prelanding', status: 'stopped', privacy: 'private' })
    ).json.data;
    const z = (await o.create(w.admin, { name: `Z land ${tag}` })).json.data;
    const m = (await o.create(w.admin, { name: `M land ${tag}`, status: 'moderation' })).json.data;
    const gone = (await o.create(w.admin, { name: `Gone ${tag}` })).json.data;
    await o.status(w.admin, gone.uuid, 'deleted');
    const res = await api(t.app, 'GET', '/api/landings/v1/options', w.managerA.token);
    const mine = (res.json.data.list as { name: string }[]).filter((x) => x.name.endsWith(tag));
    expect(mine.map((x) => x.name)).toEqual([m.name, z.name, pre.name]);
    expect(mine[2]).toEqual({
      uuid: pre.uuid,
      id: pre.id,
      name: pre.name,
      type: 'prelanding',
      status: 'stopped',
      url: pre.url,
      preview_url: pre.preview_url,
      privacy: 'private',
    });
  });

  it('changes status back and forth, restoring a deleted landing', async () => {
    const x = (await l.create(w.admin, { name: `Flip ${w.tag}` })).json.data;
    for (const s of ['moderation', 'stopped', 'deleted', 'active']) {
      const res = await l.status(w.admin, x.uuid, s);
      expect(res.status, res.body).toBe(200);
      expect(res.json.data.status).toBe(s);
    }
    expect((await l.status(w.admin, x.uuid, 'paused')).status).toBe(400);
  });
});
