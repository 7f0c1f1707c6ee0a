import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { PASSWORD } from '#test/factories.ts';
import { auditLog, outboundPostbacks, products, users } from '../db/schema.ts';
import { makeProduct, SECRET, startServedWorld } from '../modules/integrations/integrations.fixtures.ts';
import { api } from '../modules/managers/staff.fixtures.ts';
import type { OfferWorld } from '../modules/offers/offers.fixtures.ts';
import type { AuditAction } from '@pxl/contract';

// What moves money or traffic is audited in the transaction of the change (docs/decisions/016-token-totp-audit.md).
let t: TestApp;
let w: OfferWorld;
beforeAll(async () => {
  ({ t, w } = await startServedWorld());
});
afterAll(async () => {
  await t?.close();
});

const audits = (action: AuditAction, subjectId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
    .orderBy(auditLog.createdAt);
const productUrl = (p?: string) => `/api/advertisers/v1/${w.advA.id}/products${p ? `/${p}` : ''}`;
const NEW_SECRET = 'sk_live_ROTATED-SECRET-0f1e2d3c';

describe('audited changes', () => {
  it('product create, update (credentials by name only) and delete', async () => {
    const p = await makeProduct(t, w.managerA, w.advA.id);
    const update = await api(t.app, 'PUT', productUrl(p.uuid), w.managerA.token, {
      name: p.name,
      integration_type: 'sandbox',
      credentials: { api_key: NEW_SECRET },
      geos: ['DE'],
      status: 'active',
    });
    expect(update.status, update.body).toBe(200);
    expect((await api(t.app, 'DELETE', productUrl(p.uuid), w.managerA.token)).status).toBe(200);
    const rows = (await audits('product_change', w.advA.id)).filter((r) => r.details.product_uuid === p.uuid);
    expect(rows.map((r) => r.details.change)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]).toMatchObject({ actorId: w.managerA.id, details: { credential_keys: ['api_key'] } });
    expect(rows[1].details).toMatchObject({
      changed: ['geos'],
      credentials_replaced: true,
      credential_keys: ['api_key'],
    });
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(NEW_SECRET);
  });

  it('affiliate postback URLs, their credentials masked', async () => {
    const items = [
      { event: 'conversion', offer_id: null, url: 'https://tracker.example/pb?cid={click_id}&key=TRACKER-KEY-9' },
    ];
    const res = await api(t.app, 'PUT', '/api/postbacks/v1/settings', w.affA.token, { items });
    expect(res.status, res.body).toBe(200);
    const [row] = await audits('postback_url_change', w.affA.id);
    expect(row.actorId).toBe(w.affA.id);
    expect(row.details).toEqual({
      added: [
        { event: 'conversion', offer_uuid: null, url: 'https://tracker.example/pb?cid={click_id}&key=[redacted]' },
      ],
      removed: [],
    });
    // Saving the same list again changes nothing, and says nothing.
    await api(t.app, 'PUT', '/api/postbacks/v1/settings', w.affA.token, { items });
    expect(await audits('postback_url_change', w.affA.id)).toHaveLength(1);
  });

  it('postback resend', async () => {
    const [pb] = await t.db
      .insert(outboundPostbacks)
      .values({
        affiliateId: w.affA.id,
        event: 'conversion',
        url: 'https://tracker.example/pb?token=T0K3N',
        status: 'failed',
      })
      .returning();
    const res = await api(t.app, 'POST', `/api/postbacks/v1/outbound/${pb.id}/resend`, w.managerA.token);
    expect(res.status, res.body).toBe(200);
    const [row] = await audits('postback_resend', w.affA.id);
    expect(row).toMatchObject({
      actorId: w.managerA.id,
      details: { postback_uuid: pb.id, url: 'https://tracker.example/pb?token=[redacted]' },
    });
  });

  it('Test API sends, to a product and through an offer', async () => {
    const p = await makeProduct(t, w.managerA, w.advA.id);
    expect(
      (await api(t.app, 'POST', '/api/test-api/v1/integration', w.admin.token, { product_uuid: p.uuid })).status,
    ).toBe(200);
    const [sent] = (await audits('test_api_send', w.advA.id)).filter((r) => r.details.product_uuid === p.uuid);
    expect(sent).toMatchObject({ actorId: w.admin.id, details: { kind: 'integration', result: 'accepted' } });
    expect(JSON.stringify(sent)).not.toContain(SECRET);
    const offer = await api(t.app, 'POST', '/api/test-api/v1/offer', w.head.token, {
      offer_id: 999_999,
      affiliate_uuid: w.affB.id,
    });
    expect(offer.status, offer.body).toBe(200);
    const [routed] = await audits('test_api_send', w.affB.id);
    expect(routed).toMatchObject({ actorId: w.head.id, details: { kind: 'offer', offer_id: 999_999, lead_id: null } });
  });

  it('payment details: which fields changed, never their values', async () => {
    const own = [{ system: 'usdt_trc20', details: 'TWALLET-SECRET-1', priority: 1 }];
    expect(
      (
        await api(t.app, 'PUT', '/api/account/v1/payment-methods', w.affB.token, {
          payment_methods: own,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const aff = (await api(t.app, 'GET', `/api/affiliates/v1/${w.affB.id}`, w.managerB.token)).json.data;
    const edit = await api(t.app, 'PUT', `/api/affiliates/v1/${w.affB.id}`, w.managerB.token, {
      email: aff.email,
      first_name: 'Bea',
      payment_methods: [
        { ...own[0], details: 'TWALLET-SECRET-2' },
        { system: 'btc', details: 'BC1-SECRET-3', priority: 2 },
      ],
      min_payout: { amount: 12_345, currency: 'USD' },
    });
    expect(edit.status, edit.body).toBe(200);
    const rows = await audits('payment_details_change', w.affB.id);
    expect(rows.map((r) => r.details.changed)).toEqual([
      ['usdt_trc20: added'],
      ['usdt_trc20.details', 'btc: added', 'min_payout'],
    ]);
    expect(rows.map((r) => r.actorId)).toEqual([w.affB.id, w.managerB.id]);
    expect(JSON.stringify(rows)).not.toMatch(/SECRET/);
  });

  it('a change whose audit row fails is not made: change and audit share one transaction', async () => {
    // The audit log refuses this one row; the product update before it must roll back with it.
    await t.db.execute(sql`create function refuse_doomed() returns trigger language plpgsql as $$
      begin if new.details->>'name' = 'Doomed' then raise exception 'audit refused'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_doomed before insert on audit_log for each row execute function refuse_doomed()`,
    );
    try {
      const p = await makeProduct(t, w.managerA, w.advA.id);
      const res = await api(t.app, 'PUT', productUrl(p.uuid), w.managerA.token, {
        name: 'Doomed',
        integration_type: 'sandbox',
        status: 'active',
      });
      expect(res.status).toBe(500);
      const [row] = await t.db.select().from(products).where(eq(products.id, p.uuid));
      expect(row.name).toBe(p.name);
      expect(
        (await audits('product_change', w.advA.id))
          .filter((r) => r.details.product_uuid === p.uuid)
          .map((r) => r.details.change),
      ).toEqual(['create']);
    } finally {
      await t.db.execute(sql`drop trigger refuse_doomed on audit_log`);
      await t.db.execute(sql`drop function refuse_doomed()`);
    }
  });

  it('a failed change leaves no audit row: the rows written before the failure roll back with it', async () => {
    const aff = await w.member({ role: 'affiliate', managerId: w.managerA.id });
    // The change fails at its last step (the status row); the profile and payment rows written before it must not stay.
    await t.db.execute(sql`create function refuse_status() returns trigger language plpgsql as $$
      begin if new.action = 'status_change' then raise exception 'refused'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_status before insert on audit_log for each row execute function refuse_status()`,
    );
    try {
      const [before] = await t.db.select().from(users).where(eq(users.id, aff.id));
      const res = await api(t.app, 'PUT', `/api/affiliates/v1/${aff.id}`, w.managerA.token, {
        email: aff.email,
        first_name: 'Changed',
        status: 'not_active',
        payment_methods: [{ system: 'btc', details: 'BC1-X', priority: 1 }],
      });
      expect(res.status).toBe(500);
      const [after] = await t.db.select().from(users).where(eq(users.id, aff.id));
      expect(after).toMatchObject({ firstName: before.firstName, status: before.status, paymentMethods: [] });
      expect(await t.db.select().from(auditLog).where(eq(auditLog.subjectId, aff.id))).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_status on audit_log`);
      await t.db.execute(sql`drop function refuse_status()`);
    }
  });
});
