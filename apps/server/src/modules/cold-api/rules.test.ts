import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldDistributions, coldRules } from '../../db/schema.ts';
import { coldCalls, insertDistribution, makeList, makeRule, ruleForm, startColdWorld } from './cold.fixtures.ts';

let s: Awaited<ReturnType<typeof startColdWorld>>;
let calls: ReturnType<typeof coldCalls>;
beforeAll(async () => {
  s = await startColdWorld();
  calls = coldCalls(s.t.app);
});
afterAll(async () => s?.stop());

const data = (res: { status: number; body: string; json: { data: any } }) => {
  expect(res.status, res.body).toBe(200);
  return res.json.data;
};
const distributionWith = async (ruleId: string, status: string) =>
  insertDistribution(
    s.t.db,
    {
      listId: await makeList(s.t.app, s.w.admin),
      ruleId,
      affiliateId: s.w.affA.id,
      offerId: s.w.source.id,
    },
    { status, title: `Uses rule ${status} ${s.w.tag}` },
  );

describe('rules', () => {
  it('are made with their defaults, read back whole and shared by every Cold API role', async () => {
    const made = data(
      await s.t.app
        .inject({
          method: 'POST',
          url: '/api/cold-api/v1/rules/create',
          headers: { 'pxl-authorization': s.w.lead.token },
          payload: { name: ` Crypto ${s.w.tag} `, max_resends: 2, min_days_between: 7 },
        })
        .then((r) => ({ status: r.statusCode, body: r.body, json: r.json() })),
    );
    expect(made).toMatchObject({
      name: `Crypto ${s.w.tag}`,
      max_resends: 2,
      min_days_between: 7,
      never_same_product: true,
      skip_ftd: true,
      geos: [],
      send_original_ip: true,
      neutral_ip: null,
      regenerate_password: false,
      funnel: null,
      distributions: 0,
    });
    for (const m of [s.w.admin, s.w.head, s.w.lead]) {
      expect(data(await calls.getRule(m, made.uuid)).name).toBe(`Crypto ${s.w.tag}`);
      const found = data(await calls.rules(m, { search: `crypto ${s.w.tag}` }));
      expect(found.list.map((r: { uuid: string }) => r.uuid)).toEqual([made.uuid]);
    }
  });

  it('keep every data setting as given, countries once each', async () => {
    const made = data(
      await calls.createRule(s.w.admin, {
        geos: ['DE', 'AT', 'DE'],
        send_original_ip: false,
        neutral_ip: ' 203.0.113.10 ',
        regenerate_password: true,
        funnel: ' crypto-2 ',
        never_same_product: false,
        skip_ftd: false,
      }),
    );
    expect(made).toMatchObject({
      geos: ['DE', 'AT'],
      send_original_ip: false,
      neutral_ip: '203.0.113.10',
      regenerate_password: true,
      funnel: 'crypto-2',
      never_same_product: false,
      skip_ftd: false,
    });
    // An empty funnel or neutral IP from a form is "none".
    const edited = data(await calls.updateRule(s.w.head, made.uuid, ruleForm({ funnel: '', neutral_ip: '' })));
    expect(edited).toMatchObject({ funnel: null, neutral_ip: null, send_original_ip: true, geos: [] });
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(made.updated_at));
    // The rule as it reads (nulls for none) goes back as an edit unchanged.
    const fields = [...Object.keys(ruleForm()), 'neutral_ip', 'funnel'];
    const stored = Object.fromEntries(fields.map((k) => [k, edited[k]]));
    expect(stored).toMatchObject({ funnel: null, neutral_ip: null });
    expect(data(await calls.updateRule(s.w.admin, made.uuid, stored))).toMatchObject({
      funnel: null,
      neutral_ip: null,
    });
  });

  it.each([
    ['no name', { name: '  ' }, { name: 'Title is required' }],
    ['a long name', { name: 'x'.repeat(201) }, { name: 'At most 200 characters' }],
    ['no re-send', { max_resends: 0 }, { max_resends: 'Max re-sends must be at least 1' }],
    ['too many re-sends', { max_resends: 101 }, { max_resends: 'Max re-sends must be at most 100' }],
    ['a part re-send', { max_resends: 1.5 }, { max_resends: 'Max re-sends must be a whole number' }],
    ['a text re-send count', { max_resends: '3' }, { max_resends: 'Max re-sends must be a whole number' }],
    ['negative days', { min_days_between: -1 }, { min_days_between: 'Days between sends cannot be negative' }],
    ['too many days', { min_days_between: 3651 }, { min_days_between: 'Days between sends must be at most 3650' }],
    ['a lower-case country', { geos: ['de'] }, { 'geos.0': 'Use ISO country codes' }],
    [
      'a bad neutral IP',
      { send_original_ip: false, neutral_ip: '300.1.1.1' },
      { neutral_ip: 'Use an IPv4 address such as 203.0.113.10' },
    ],
    [
      'no neutral IP when the original is not sent',
      { send_original_ip: false },
      { neutral_ip: 'Give the address to send instead' },
    ],
    ['a long funnel', { funnel: 'f'.repeat(201) }, { funnel: 'At most 200 characters' }],
  ] as const)('refuse %s with the field and its message', async (_, over, error) => {
    const res = await calls.createRule(s.w.admin, over);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', data: null, error });
    const rule = await makeRule(s.t.app, s.w.admin);
    const edit = await calls.updateRule(s.w.admin, rule, ruleForm(over));
    expect(edit.status).toBe(400);
    expect(edit.json.error).toEqual(error);
  });

  it('answer 404 for an unknown rule', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await calls.getRule(s.w.admin, unknown),
      await calls.updateRule(s.w.admin, unknown, ruleForm()),
      await calls.removeRule(s.w.admin, unknown),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error).toEqual({ not_found: 'Rule not found' });
    }
  });

  it('sort by name both ways', async () => {
    const tag = `sort-${s.w.tag}`;
    for (const name of [`${tag} b`, `${tag} c`, `${tag} a`]) await makeRule(s.t.app, s.w.admin, { name });
    const names = async (order: string) =>
      data(await calls.rules(s.w.admin, { search: tag, sort: 'name', order })).list.map((r: any) => r.name);
    expect(await names('asc')).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
    expect(await names('desc')).toEqual([`${tag} c`, `${tag} b`, `${tag} a`]);
  });
});

describe('deleting a rule', () => {
  it.each(['active', 'paused', 'done'])('is refused while a %s distribution uses it', async (status) => {
    // Made by the team lead, whose team may delete it (cold-owner.test.ts): the refusal is the distribution's.
    const rule = await makeRule(s.t.app, s.w.lead);
    await distributionWith(rule, status);
    expect(data(await calls.getRule(s.w.admin, rule)).distributions).toBe(1);
    const res = await calls.removeRule(s.w.lead, rule);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      status: 'error',
      data: null,
      error: { rule: `The distribution "Uses rule ${status} ${s.w.tag}" uses this rule; delete it first` },
    });
    expect(data(await calls.getRule(s.w.admin, rule)).uuid).toBe(rule);
  });

  it('goes when no distribution uses it, or only deleted ones (which go with it)', async () => {
    const unused = await makeRule(s.t.app, s.w.lead);
    expect(data(await calls.removeRule(s.w.lead, unused))).toEqual({ deleted: true });
    expect((await calls.getRule(s.w.admin, unused)).status).toBe(404);
    const rule = await makeRule(s.t.app, s.w.admin);
    const d = await distributionWith(rule, 'deleted');
    expect(data(await calls.getRule(s.w.admin, rule)).distributions).toBe(0);
    expect(data(await calls.removeRule(s.w.admin, rule))).toEqual({ deleted: true });
    expect(await s.t.db.select().from(coldRules).where(eq(coldRules.id, rule))).toEqual([]);
    expect(await s.t.db.select().from(coldDistributions).where(eq(coldDistributions.id, d.id))).toEqual([]);
  });
});
