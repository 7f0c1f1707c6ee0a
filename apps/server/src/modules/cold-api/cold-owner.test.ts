// Who may change a Cold API list, rule or distribution (its creator's team, admin, head), and the audit of every write.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coldDistributions, coldLeadLists, coldRules } from '../../db/schema.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { coldCalls, insertDistribution, makeList, makeRule, ruleForm, startColdWorld } from './cold.fixtures.ts';

let s: Awaited<ReturnType<typeof startColdWorld>>;
let calls: ReturnType<typeof coldCalls>;
let stranger: Member;
beforeAll(async () => {
  s = await startColdWorld();
  calls = coldCalls(s.t.app);
  stranger = await s.w.member({ role: 'team_lead' });
});
afterAll(async () => s?.stop());

const auditOf = (uuid: string) =>
  s.t.db
    .select({ actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'cold_api_change'), sql`${auditLog.details}->>'uuid' = ${uuid}`))
    .orderBy(auditLog.createdAt);
const refused = (res: {
  status: number;
  json: { status: string; data: unknown; error: Record<string, string> | null };
}) => {
  expect(res.status).toBe(403);
  expect(res.json.status).toBe('error');
  expect(res.json.data).toBeNull();
  expect(Object.values(res.json.error ?? {})[0]).toMatch(
    /^Only the team that made this \w+, an admin or a head may change it$/,
  );
};

describe('ownership of rules', () => {
  it("another team's lead is refused and nothing changes; the creator, admin and head may; each write is audited", async () => {
    const rule = await makeRule(s.t.app, s.w.lead, { max_resends: 3, min_days_between: 7 });
    const before = (await s.t.db.select().from(coldRules).where(eq(coldRules.id, rule)))[0];
    refused(await calls.updateRule(stranger, rule, ruleForm({ max_resends: 10, min_days_between: 0 })));
    refused(await calls.removeRule(stranger, rule));
    expect((await s.t.db.select().from(coldRules).where(eq(coldRules.id, rule)))[0]).toEqual(before);

    for (const [by, n] of [
      [s.w.lead, 4],
      [s.w.admin, 5],
      [s.w.head, 6],
    ] as const) {
      const res = await calls.updateRule(by, rule, ruleForm({ name: before.name, max_resends: n }));
      expect(res.status, res.body).toBe(200);
      expect(res.json.data.max_resends).toBe(n);
    }
    expect((await calls.removeRule(s.w.head, rule)).status).toBe(200);
    const rows = await auditOf(rule);
    expect(rows.map((r) => [r.actorId, r.details.change])).toEqual([
      [s.w.lead.id, 'create'],
      [s.w.lead.id, 'update'],
      [s.w.admin.id, 'update'],
      [s.w.head.id, 'update'],
      [s.w.head.id, 'delete'],
    ]);
    expect(rows[1].details).toMatchObject({ from: { max_resends: 3, min_days_between: 7 }, to: { max_resends: 4 } });
  });
});

describe('ownership of lists', () => {
  it("another team's lead may not rename or delete a list; the creator may; adding and taking out leads is audited", async () => {
    const list = await makeList(s.t.app, s.w.lead, [s.w.stored.failed.id]);
    refused(await calls.updateList(stranger, list, { title: 'Taken over' }));
    refused(await calls.removeList(stranger, list));
    const [row] = await s.t.db.select().from(coldLeadLists).where(eq(coldLeadLists.id, list));
    expect(row.title).not.toBe('Taken over');
    expect((await calls.updateList(s.w.lead, list, { title: `Renamed ${s.w.tag}` })).status).toBe(200);
    expect(
      (await calls.removeLeads(s.w.lead, list, { source: 'user_session', lead_uuids: [s.w.stored.failed.id] })).status,
    ).toBe(200);
    expect((await calls.removeList(s.w.admin, list)).status).toBe(200);
    expect((await auditOf(list)).map((r) => [r.actorId, r.details.change])).toEqual([
      [s.w.lead.id, 'create'],
      [s.w.lead.id, 'add_leads'],
      [s.w.lead.id, 'update'],
      [s.w.lead.id, 'remove_leads'],
      [s.w.admin.id, 'delete'],
    ]);
  });
});

describe('ownership of distributions', () => {
  it("only the creator's team, admin and head change one; a status change is audited with from and to", async () => {
    const d = await insertDistribution(
      s.t.db,
      {
        listId: await makeList(s.t.app, s.w.admin),
        ruleId: await makeRule(s.t.app, s.w.admin),
        affiliateId: s.w.affA.id,
        offerId: s.w.source.id,
      },
      { createdBy: s.w.admin.id },
    );
    const status = (by: Member, to: string) =>
      api(s.t.app, 'POST', `/api/cold-api/v1/distributions/${d.id}/status`, by.token, { status: to });
    // The team lead sees it (their affiliate) but did not make it.
    refused(await status(s.w.lead, 'deleted'));
    expect((await s.t.db.select().from(coldDistributions).where(eq(coldDistributions.id, d.id)))[0].status).toBe(
      'paused',
    );
    expect((await status(s.w.head, 'done')).status).toBe(200);
    expect((await auditOf(d.id)).map((r) => [r.actorId, r.details])).toEqual([
      [s.w.head.id, { object: 'distribution', uuid: d.id, change: 'status', from: 'paused', to: 'done' }],
    ]);
  });
});
