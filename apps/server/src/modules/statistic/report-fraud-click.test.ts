import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { api } from '../managers/staff.fixtures.ts';
import { click, clickIdOf, startClickWorld, storedClick, type ClickWorld } from '../tracking/click.fixtures.ts';

// From the real click route to the statistics' Fraud % (docs/product/fraud.md, "Fraud % in statistics"): the click
// path's verdict reaches the rollups through the click writer, and the raw source agrees with it.

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => t?.close());

const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36';

describe('Fraud % from clicks sent through /click', () => {
  it('counts the headless click the network flags (bot_agent 80, flag from 50), in the rollups and the raw rows', async () => {
    const o = await w.offer();
    const today = () => new Date().toISOString().slice(0, 10);
    // Days read before and after the clicks: a run across midnight still covers them.
    const from = today();
    const sent = [
      await click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=bots`, { ip: '81.2.71.10', ua: HEADLESS }),
      await click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=people`, { ip: '81.2.71.11' }),
    ];
    for (const res of sent) await storedClick(t, t.db, clickIdOf(res.headers.location as string)!);
    const to = today();
    const report = async (group: string) => {
      const res = await api(
        t.app,
        'GET',
        `/api/statistic/v1/general?date_from=${from}&date_to=${to}&tz=UTC&group=${group}&offer=${o.uuid}`,
        w.admin.token,
      );
      expect(res.status, res.body).toBe(200);
      return res.json.data as {
        source: string;
        list: { keys: { value: string }[]; clicks: number; fraud_clicks: number; fraud_rate: number | null }[];
      };
    };
    const offer = await report('offer');
    expect(offer.source).toBe('rollup');
    expect(offer.list.map((r) => [r.keys[0]!.value, r.clicks, r.fraud_clicks, r.fraud_rate])).toEqual([
      [o.uuid, 2, 1, 50],
    ]);
    const sub = await report('sub1');
    expect(sub.source).toBe('raw');
    expect(Object.fromEntries(sub.list.map((r) => [r.keys[0]!.value, [r.clicks, r.fraud_clicks]]))).toEqual({
      bots: [1, 1],
      people: [1, 0],
    });
  });
});
