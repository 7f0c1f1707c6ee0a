import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { createUser } from '#test/factories.ts';
import { ticketMessages, tickets } from '../db/schema.ts';
import { seedDemoTickets } from './demo-tickets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the demo tickets', () => {
  it('has tickets in every status for both demo partners with their manager; once', async () => {
    const manager = await createUser(t.db, { role: 'manager' });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: manager.id });
    const advertiser = await createUser(t.db, { role: 'advertiser', managerId: manager.id });
    const ids = new Map([
      ['manager', manager.id],
      ['affiliate', affiliate.id],
      ['advertiser', advertiser.id],
    ]);
    await seedDemoTickets(t.db, ids);
    await seedDemoTickets(t.db, ids);
    const rows = await t.db.select().from(tickets);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['open', 'answered', 'closed']));
    expect(new Set(rows.map((r) => r.partnerId))).toEqual(new Set([affiliate.id, advertiser.id]));
    // Who wrote last matches the status: the partner on open tickets, the manager on answered ones.
    for (const r of rows.filter((x) => x.status !== 'closed'))
      expect(r.lastMessageBy).toBe(r.status === 'open' ? r.partnerId : manager.id);
    expect((await t.db.select().from(ticketMessages)).length).toBe(10);
  });
});
