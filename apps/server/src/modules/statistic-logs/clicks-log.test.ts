import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOG_COUNT_LIMIT } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { putSettings } from '../managers/staff.fixtures.ts';
import { DAY, DAY_RANGE, getLog, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

let t: TestApp;
let w: LogWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  ids.a1 = await w.click(w.dlA.id, w.affA.id, `${DAY}T08:00:00Z`, {
    sub1: 'camp-7',
    ip: '198.51.100.7',
    landingId: w.landing.id,
  });
  ids.a2 = await w.click(w.dlA.id, w.affA.id, `${DAY}T09:00:00Z`, { country: 'FR', device: 'mobile', os: 'android' });
  ids.b1 = await w.click(w.dlB.id, w.affB.id, `${DAY}T10:00:00Z`, { sub3: 'camp-7' });
  ids.api = await w.click(w.apiA.id, w.affA.id, `${DAY}T11:00:00Z`);
  // 22:30 UTC on DAY is 00:30 of the next day in Kyiv (UTC+2 in March).
  ids.late = await w.click(w.dlA.id, w.affA.id, `${DAY}T22:30:00Z`);
});
afterAll(async () => t?.close());

const uuids = (res: { status: number; body: string; json: { data: { list: { uuid: string }[] } } }) => {
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
  return res.json.data.list.map((r) => r.uuid);
};

describe('click log', () => {
  it('lists one kind, newest first, in the day range of the time zone', async () => {
    const res = await getLog(
      t.app,
      w.admin,
      'clicks',
      `${DAY_RANGE}&tz=UTC&kind=direct_link&offer=${w.dlA.id},${w.dlB.id}`,
    );
    expect(res.status, res.body).toBe(200);
    expect(uuids(res)).toEqual([ids.late, ids.b1, ids.a2, ids.a1]);
    expect(res.json.data).toMatchObject({ count: 4, count_capped: false });
    const first = res.json.data.list.at(-1);
    expect(first).toMatchObject({
      offer: { uuid: w.dlA.id, title: w.dlA.title },
      landing: { uuid: w.landing.id },
      affiliate: { uuid: w.affA.id },
      sub1: 'camp-7',
    });
    expect(
      uuids(await getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&kind=api&affiliate=${w.affA.id}`)),
    ).toEqual([ids.api]);
  });

  it('cuts days in the requested zone, else in the partner time zone', async () => {
    const kyivNext = await getLog(
      t.app,
      w.admin,
      'clicks',
      `date_from=2026-03-11&date_to=2026-03-11&tz=Europe/Kyiv&offer=${w.dlA.id}`,
    );
    expect(uuids(kyivNext)).toEqual([ids.late]);
    const kyivDay = await getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=Europe/Kyiv&offer=${w.dlA.id}`);
    expect(uuids(kyivDay)).toEqual([ids.a2, ids.a1]);
    await putSettings(t.db, 'general', { time_zone: 'Europe/Kyiv' });
    try {
      expect(
        uuids(await getLog(t.app, w.admin, 'clicks', `date_from=2026-03-11&date_to=2026-03-11&offer=${w.dlA.id}`)),
      ).toEqual([ids.late]);
    } finally {
      await putSettings(t.db, 'general', { time_zone: 'UTC' });
    }
    expect(
      uuids(await getLog(t.app, w.admin, 'clicks', `date_from=2026-03-11&date_to=2026-03-11&offer=${w.dlA.id}`)),
    ).toEqual([]);
  });

  it("pages one affiliate's or one offer's clicks newest first, with the count, across every page", async () => {
    const page = (f: string, n: number) =>
      getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&kind=direct_link&${f}&count=2&page=${n}`);
    for (const f of [`affiliate=${w.affA.id}`, `offer=${w.dlA.id}`]) {
      const [p1, p2] = [await page(f, 1), await page(f, 2)];
      expect([...uuids(p1), ...uuids(p2)], f).toEqual([ids.late, ids.a2, ids.a1]);
      expect(p1.json.data.count, f).toBe(3);
    }
  });

  it('defaults to the last seven days', async () => {
    const recent = await w.click(w.dlA.id, w.affA.id, new Date(Date.now() - 2 * 86_400_000).toISOString());
    await w.click(w.dlA.id, w.affA.id, new Date(Date.now() - 9 * 86_400_000).toISOString());
    expect(uuids(await getLog(t.app, w.admin, 'clicks', `offer=${w.dlA.id}`))).toEqual([recent]);
  });

  it('filters by every click column', async () => {
    const q = (f: string) => getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&${f}`).then(uuids);
    expect(await q(`offer=${w.dlA.id}&geo=FR`)).toEqual([ids.a2]);
    expect(await q(`offer=${w.dlA.id}&device=mobile&os=android`)).toEqual([ids.a2]);
    expect(await q(`landing=${w.landing.id}`)).toEqual([ids.a1]);
    expect(await q(`sub1=camp-7`)).toEqual([ids.a1]);
    expect(await q(`sub3=camp-7`)).toEqual([ids.b1]);
    expect(await q(`advertiser=${w.advB.id}`)).toEqual([ids.b1]);
    expect(await q(`account_manager=${w.managerB.id}`)).toEqual([ids.b1]);
    expect(await q(`manager=${w.managerB.id}`)).toEqual([ids.b1]);
    expect(await q(`affiliate=${w.affB.id}`)).toEqual([ids.b1]);
    expect(await q(`kind=api&product=${w.product.id}`)).toEqual([ids.api]);
    expect(await q(`product=${w.product.id}`)).toEqual([]);
  });

  it('searches a click ID, an IP or a sub exactly', async () => {
    const q = (s: string) =>
      getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&search=${encodeURIComponent(s)}`).then(uuids);
    expect(await q(ids.b1)).toEqual([ids.b1]);
    expect(await q(ids.b1.toUpperCase())).toEqual([ids.b1]);
    expect(await q('198.51.100.7')).toEqual([ids.a1]);
    expect(await q('camp-7')).toEqual([ids.b1, ids.a1]);
    expect(await q('camp')).toEqual([]);
    expect(await q(w.affA.id)).toEqual([]);
    expect(await q('someone@mail.test')).toEqual([]);
  });

  it('scopes rows to the caller and shows advertisers affiliates by ID only', async () => {
    const all = `${DAY_RANGE}&tz=UTC`;
    expect(uuids(await getLog(t.app, w.affA, 'clicks', all))).toEqual([ids.late, ids.a2, ids.a1]);
    expect(uuids(await getLog(t.app, w.affA, 'clicks', `${all}&affiliate=${w.affB.id}`))).toEqual([]);
    expect(uuids(await getLog(t.app, w.managerA, 'clicks', all))).toEqual([ids.late, ids.a2, ids.a1]);
    expect(uuids(await getLog(t.app, w.lead, 'clicks', all))).toEqual([ids.late, ids.a2, ids.a1]);
    expect(uuids(await getLog(t.app, w.managerB, 'clicks', all))).toEqual([ids.b1]);
    expect(uuids(await getLog(t.app, w.managerB, 'clicks', `${all}&affiliate=${w.affA.id}`))).toEqual([]);
    const adv = await getLog(t.app, w.advB, 'clicks', all);
    expect(uuids(adv)).toEqual([ids.b1]);
    expect(adv.json.data.list[0].affiliate).toEqual({ uuid: w.affB.id, name: w.affB.id.slice(0, 8), email: '' });
    expect(adv.body).not.toContain(w.affB.email);
  });

  it('refuses bad filters and filters a role may not use', async () => {
    const bad = async (m: typeof w.admin, q: string, field: string) => {
      const res = await getLog(t.app, m, 'clicks', q);
      expect(res.status, q).toBe(400);
      expect(
        Object.keys(res.json.error ?? {}).map((k) => k.split('.')[0]),
        q,
      ).toContain(field);
    };
    await bad(w.admin, 'geo=de', 'geo');
    await bad(w.admin, 'offer=nope', 'offer');
    await bad(w.admin, 'tz=Mars/Base', 'tz');
    await bad(w.admin, 'kind=banner', 'kind');
    await bad(w.admin, 'count=101', 'count');
    await bad(w.admin, 'date_from=2026-03-10&date_to=2026-03-09', 'date_to');
    await bad(w.admin, 'date_from=2026-02-31', 'date_from');
    await bad(w.affA, `advertiser=${w.advA.id}`, 'advertiser');
    await bad(w.affA, `product=${w.product.id}`, 'product');
    await bad(w.affA, `manager=${w.managerA.id}`, 'manager');
    await bad(w.affA, `account_manager=${w.managerA.id}`, 'account_manager');
    await bad(w.advA, `manager=${w.managerA.id}`, 'manager');
  });

  it(`stops counting at ${LOG_COUNT_LIMIT} and pages by offset`, async () => {
    await t.db.execute(sql`insert into clicks (id, created_at, offer_id, affiliate_id, country)
      select gen_random_uuid(), ${`${DAY}T12:00:00Z`}::timestamptz + g * interval '1 ms', ${w.dlB.id}, ${w.affB.id}, case when g <= 3 then 'PL' else 'GB' end
      from generate_series(1, ${LOG_COUNT_LIMIT + 5}) g`);
    const capped = await getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&offer=${w.dlB.id}&count=2&page=3`);
    expect(capped.json.data).toMatchObject({ count: LOG_COUNT_LIMIT, count_capped: true });
    expect(capped.json.data.list).toHaveLength(2);
    const pl = await getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&offer=${w.dlB.id}&geo=PL&count=2&page=2`);
    expect(pl.json.data).toMatchObject({ count: 3, count_capped: false });
    expect(pl.json.data.list.map((r: { country: string }) => r.country)).toEqual(['PL']);
    // Past the last page the list is empty and the count still says how many there are.
    const past = await getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&offer=${w.dlB.id}&geo=PL&count=2&page=5`);
    expect(past.json.data).toMatchObject({ list: [], count: 3, count_capped: false });
  });
});
