import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { cacheCaughtUp, click, startClickWorld, type ClickWorld } from './click.fixtures.ts';

// Clicks sent to trafficback for fraud are audited as one summary row per offer and affiliate a minute
// (docs/decisions/053-click-action-audit.md); an allowed affiliate's clicks are not acted on, so not audited.

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => {
  await t?.close();
});

const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36';

const auditRows = (offerId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'fraud_action'), sql`${auditLog.details}->>'offer_uuid' = ${offerId}`));

describe('audit of clicks sent to trafficback for fraud', () => {
  it('writes one row per offer and affiliate with the count, the first click ids and the reasons', async () => {
    const put = await api(t.app, 'PUT', '/api/fraud/v1/settings', w.admin.token, {
      actions: { trafficback_click_at: 80 },
      allowed_affiliate_ids: [w.affB.id],
    });
    expect(put.status, put.body).toBe(200);
    await cacheCaughtUp(t, t.db);
    const o = await w.offer({ trafficback_url: 'https://tb.example/q' });
    for (let i = 0; i < 3; i += 1) {
      const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: `81.2.71.${i + 1}`, ua: HEADLESS });
      expect(res.headers.location).toBe('https://tb.example/q');
    }
    // The allowed affiliate's bot click goes on to the offer: scored, not acted on, not audited.
    await click(t.app, `/click/${o.id}?aff=${w.affB.id}`, { ip: '81.2.71.9', ua: HEADLESS });
    expect(await auditRows(o.uuid)).toHaveLength(0); // nothing before the minute's flush
    await t.services.clicks.audit.flush();
    const rows = await auditRows(o.uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, subjectId: w.affA.id });
    expect(rows[0].details).toMatchObject({
      on: 'click',
      action: 'trafficback',
      count: 3,
      reasons: [{ code: 'bot_agent', clicks: 3 }],
    });
    expect(rows[0].details.click_uuids).toHaveLength(3);
    await t.services.clicks.audit.flush();
    expect(await auditRows(o.uuid)).toHaveLength(1); // a flush with nothing noted writes nothing
  });
});
