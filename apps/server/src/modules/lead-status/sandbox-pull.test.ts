import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LEAD_MACROS } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { conversions, leads, sandboxLeads } from '../../db/schema.ts';
import { loadProductContext, pushLead } from '../integrations/index.ts';
import { insertLeadWithAttempt, leadWorld, makeProduct, testDeps } from './lead-status.fixtures.ts';
import { runPull } from './pull-job.ts';

let t: TestApp;
let self: string;

beforeAll(async () => {
  t = await createTestApp();
  // The sandbox buyer lives in this server: it has to listen for the pull to reach it at {panel_url}.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  self = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('status pull from the sandbox buyer', () => {
  it('a lead the sandbox bought moves along its statuses and its deposit becomes the FTD conversion', async () => {
    const lw = await leadWorld(t);
    const deps = testDeps(t, self);
    // Every lead deposits, one status step a second.
    const productId = await makeProduct(t, lw.w.admin, lw.w.advA.id, {
      type: 'sandbox',
      credentials: { api_key: 'sandbox-key-1' },
      sandboxRules: { ftd_percent: 100, status_step_seconds: 1 },
      revenue: [{ geo: 'DE', amount: 42_000, currency: 'EUR' }],
    });
    await t.db.execute(sql`insert into offer_products (offer_id, product_id) values (${lw.offerId}, ${productId})`);
    const { leadId, attemptId } = await insertLeadWithAttempt(t, lw.offerId, lw.w.affA.id, productId);
    const vars = {
      ...Object.fromEntries(LEAD_MACROS.map((m) => [m, ''])),
      lead_id: attemptId,
      email: `${attemptId}@lead.test`,
      country: 'DE',
      first_name: 'Ada',
    };
    const pushed = await pushLead(await loadProductContext(deps, productId), vars as Parameters<typeof pushLead>[1]);
    expect(pushed.result, pushed.message).toBe('accepted');

    expect(await runPull(deps, productId)).toMatchObject({ summary: { items: 1, changed: 1, ftds: 0 } });
    expect((await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]).toMatchObject({
      callStatus: 'new',
      isFtd: false,
    });

    // The sandbox reads a lead's statuses from its age: ten seconds on, it has deposited.
    await t.db
      .update(sandboxLeads)
      .set({ createdAt: sql`now() - interval '10 seconds'` })
      .where(eq(sandboxLeads.affLeadId, attemptId));
    expect(await runPull(deps, productId)).toMatchObject({ summary: { items: 1, changed: 1, ftds: 1 } });
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ callStatus: 'ftd', rawStatus: 'deposited', isFtd: true });
    expect(await t.db.select().from(conversions).where(eq(conversions.leadId, leadId))).toMatchObject([
      { goal: 'ftd', revenue: 42_000, payout: 3300, status: 'pending' },
    ]);
  });
});
