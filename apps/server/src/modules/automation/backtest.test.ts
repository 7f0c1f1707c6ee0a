import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ID, statsHourly } from '../../db/schema.ts';
import { ruleBody, rulesApi, startRulesWorld } from './automation.fixtures.ts';

// Backtest on constructed history: hourly rollup rows of known clicks, the firings at the expected hours only.

const { t, w } = await startRulesWorld();
const HOUR = 3_600_000;
const thisHour = Math.floor(Date.now() / HOUR) * HOUR;
let offer: { uuid: string; id: number };
let api: ReturnType<typeof rulesApi>;

/** `n` clicks of affiliate A on the offer in the hour starting `ago` hours before this one. */
const hourRow = (ago: number, n: number) => ({
  hour: new Date(thisHour - ago * HOUR),
  offerId: offer.uuid,
  affiliateId: w.affA.id,
  landingId: NO_ID,
  country: 'DE',
  clicks: n,
});

beforeAll(async () => {
  offer = await w.offer();
  api = rulesApi(t.app, w.admin);
  // 2 clicks an hour for three days, 15 in the hours 5 and 20 before this one, and 16 in hour 21 (a cooldown).
  const busy: Record<number, number> = { 5: 15, 20: 15, 21: 16 };
  await t.db.insert(statsHourly).values(Array.from({ length: 72 }, (_, i) => hourRow(i + 1, busy[i + 1] ?? 2)));
});
afterAll(() => t.close());

describe('POST /rules/:uuid/backtest', () => {
  it('lists the hours the rule would have fired, the cooldown kept, doing what', async () => {
    const rule = (
      await api.create(
        ruleBody({
          name: 'Over 10 clicks an hour',
          scope: { offer_uuid: offer.uuid },
          window_minutes: 60,
          cooldown_minutes: 120,
          condition: { value: 10 },
        }),
      )
    ).json().data;
    const res = await api.backtest(rule.uuid, 2);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.steps).toBe(48);
    // A step judges the hour before it: the busy hour starting 21 h before this one ends 20 h before it.
    expect(data.fires.map((f: { at: string }) => (thisHour - Date.parse(f.at)) / HOUR)).toEqual([20, 4]);
    expect(data.fires[0]).toMatchObject({ value: 16, compared_to: null });
    expect(data.fires[1].value).toBe(15);
    expect(data.fires[0].subject).toContain('Offer');
    expect(data.fires[0].actions).toEqual([expect.stringContaining('alert')]);
  });

  it('fires on a change against the previous window', async () => {
    const rule = (
      await api.create(
        ruleBody({
          name: 'Clicks up 300 %',
          scope: { offer_uuid: offer.uuid },
          window_minutes: 60,
          cooldown_minutes: 0,
          condition: { kind: 'change_vs_previous', op: 'above', value: 300 },
        }),
      )
    ).json().data;
    const data = (await api.backtest(rule.uuid, 2)).json().data;
    expect(data.fires.map((f: { at: string }) => (thisHour - Date.parse(f.at)) / HOUR)).toEqual([20, 4]);
    expect(data.fires[1]).toMatchObject({ value: 15, compared_to: 2 });
  });

  it('finds nothing for a rule whose condition never held', async () => {
    const rule = (
      await api.create(
        ruleBody({ name: 'Never', scope: { offer_uuid: offer.uuid }, window_minutes: 60, condition: { value: 100 } }),
      )
    ).json().data;
    expect((await api.backtest(rule.uuid, 3)).json().data.fires).toEqual([]);
  });
});
