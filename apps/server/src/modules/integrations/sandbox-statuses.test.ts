import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { INTEGRATION_TEMPLATES, integrationTemplateSchema } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { sandboxLeads } from '../../db/schema.ts';
import type { OfferWorld } from '../offers/offers.fixtures.ts';
import { leadVars, makeSandbox, SECRET, startServedWorld } from './integrations.fixtures.ts';
import { pullStatuses } from './pull.ts';
import { pushLead } from './push.ts';
import { pathOf } from './sandbox-statuses.ts';

let t: TestApp;
let w: OfferWorld;
// No ALLOW_PRIVATE_POSTBACK_TARGETS: the sandbox type reaches {panel_url} on loopback all the same.
beforeAll(async () => {
  ({ t, w } = await startServedWorld());
});
afterAll(async () => {
  await t?.close();
});

const sandbox = (...a: [Record<string, unknown>?, Record<string, unknown>?]) => makeSandbox(t, w, ...a);

describe('sandbox statuses', () => {
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
  const age = (affLeadId: string, seconds: number) =>
    t.db
      .update(sandboxLeads)
      .set({ createdAt: ago(seconds) })
      .where(eq(sandboxLeads.affLeadId, affLeadId));

  it("move one step per status_step_seconds along the path the lead's id picks; FTDs carry a deposit", async () => {
    const step = 60;
    const { uuid, ctx } = await sandbox({ status_step_seconds: step, ftd_percent: 100 });
    const sent = [];
    for (let i = 0; i < 4; i += 1) {
      const vars = leadVars();
      expect((await pushLead(ctx, vars)).result).toBe('accepted');
      sent.push(vars.lead_id);
    }
    await age(sent[1], step + 5);
    await age(sent[2], 2 * step + 5);
    await age(sent[3], 10 * step);
    const read = async (path: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/sandbox/v1/${uuid}/${path}`, headers: { 'x-sandbox-key': SECRET } })
      ).json();
    const rows = await t.db.select().from(sandboxLeads).where(eq(sandboxLeads.productId, uuid));
    const idOf = (aff: string) => rows.find((r) => r.affLeadId === aff)!.id;
    const statusOf = async (aff: string) => (await read(`leads/${aff}`)).status;
    expect(await statusOf(sent[0])).toBe('new');
    expect(await statusOf(sent[1])).toBe(pathOf(idOf(sent[1]), 100).path[1]);
    expect(['no_answer', 'call_back']).toContain(await statusOf(sent[1]));
    expect(await statusOf(sent[2])).toBe('interested');
    const done = await read(`leads/${sent[3]}`);
    expect(done).toMatchObject({
      status: 'deposited',
      ftd: true,
      deposit: pathOf(idOf(sent[3]), 100).deposit,
      lead_id: idOf(sent[3]),
    });
    expect(done.deposit).toBeGreaterThanOrEqual(100);

    // since filters on the last change: the finished lead changed 7 steps ago, the others within the last 3 steps.
    const recent = await read(`statuses?since=${encodeURIComponent(ago(4 * step).toISOString())}`);
    expect(recent.items.map((i: { aff_lead_id: string }) => i.aff_lead_id).sort()).toEqual(sent.slice(0, 3).sort());
    const all = await read('statuses?since=0&page_size=3');
    expect(all).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect(all.items[0]).toMatchObject({ aff_lead_id: sent[3], status: 'deposited', ftd: true });
    expect((await read('statuses?since=0&page_size=3&page=2')).items).toHaveLength(1);
    expect((await read('statuses?since=yesterday')).success).toBe(false);
  });

  it('ends not interested or invalid for the others, without a deposit', async () => {
    const { ctx, uuid } = await sandbox({ status_step_seconds: 60, ftd_percent: 0 });
    for (let i = 0; i < 6; i += 1) await pushLead(ctx, leadVars());
    await t.db
      .update(sandboxLeads)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(sandboxLeads.productId, uuid));
    const { items } = await pullStatuses(ctx, new Date(0));
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(['not_interested', 'invalid']).toContain(item.status);
      expect(item).toMatchObject({ is_ftd: false, amount: null });
    }
  });

  it('pulls through the default sandbox template: pages, our Lead Ids, status map, FTD and amount in minor units', async () => {
    const base = integrationTemplateSchema.parse(INTEGRATION_TEMPLATES.sandbox);
    const { ctx, uuid } = await sandbox(
      { status_step_seconds: 60, ftd_percent: 100 },
      { ...base, pull: { ...base.pull, page_size: 2 } },
    );
    const sent: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const vars = leadVars();
      await pushLead(ctx, vars);
      sent.push(vars.lead_id);
    }
    await t.db
      .update(sandboxLeads)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(sandboxLeads.productId, uuid));
    const rows = await t.db.select().from(sandboxLeads).where(eq(sandboxLeads.productId, uuid));
    const pulled = await pullStatuses(ctx, ago(7200));
    expect(pulled.pages).toBe(3);
    expect(pulled.exchanges).toHaveLength(3);
    expect(pulled.exchanges[2].request.url).toContain('page=3&page_size=2');
    expect(JSON.stringify(pulled)).not.toContain(SECRET);
    expect(pulled.items.map((i) => i.lead_id).sort()).toEqual([...sent].sort());
    for (const item of pulled.items) {
      const row = rows.find((r) => r.affLeadId === item.lead_id)!;
      expect(item).toEqual({
        lead_id: row.affLeadId,
        external_id: null,
        raw_status: 'deposited',
        status: 'ftd',
        is_ftd: true,
        amount: pathOf(row.id, 100).deposit! * 100,
      });
    }
    // Nothing changed within the last hour minus three steps.
    expect((await pullStatuses(ctx, ago(60))).items).toEqual([]);
  });
});
