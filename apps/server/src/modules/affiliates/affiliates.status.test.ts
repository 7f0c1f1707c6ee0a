import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { createUser, sessionFor } from '#test/factories.ts';
import { apiKeys, auditLog } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { api, type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

/** The harness's key: what the app under test encrypts and decrypts with. */
const secrets = createSecrets('test-secret-key-0123456789');

const affiliateOf = (managerId: string, status = 'active') =>
  createUser(t.db, { role: 'affiliate', managerId, status });
const setStatus = (token: string, id: string, status: string, reason?: string) =>
  api(t.app, 'POST', `/api/affiliates/v1/${id}/status`, token, { status, ...(reason && { reason }) });
const me = (token: string) => api(t.app, 'GET', '/api/auth/v1/me', token);
const audits = (subjectId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));

describe('POST /api/affiliates/v1/:uuid/status', () => {
  it("banning revokes the affiliate's sessions and is audited with the reason", async () => {
    const aff = await affiliateOf(w.managerA.id);
    const token = await sessionFor(t.db, aff.id);
    expect((await me(token)).status).toBe(200);
    const res = await setStatus(w.managerA.token, aff.id, 'banned', 'Fraud traffic');
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.status).toBe('banned');
    expect((await me(token)).status).toBe(401);
    // Un-banning does not bring the old session back.
    await setStatus(w.managerA.token, aff.id, 'active');
    expect((await me(token)).status).toBe(401);
    const entries = await audits(aff.id, 'status_change');
    expect(entries.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { from: 'active', to: 'banned', reason: 'Fraud traffic' },
        { from: 'banned', to: 'active' },
      ]),
    );
    expect(entries.every((e) => e.actorId === w.managerA.id)).toBe(true);
  });

  it('deleting revokes sessions, keeps the row and its history', async () => {
    const aff = await affiliateOf(w.managerA.id);
    const token = await sessionFor(t.db, aff.id);
    const res = await setStatus(w.lead.token, aff.id, 'deleted');
    expect(res.json.data.status).toBe('deleted');
    expect((await me(token)).status).toBe(401);
    expect((await api(t.app, 'GET', `/api/affiliates/v1/${aff.id}`, w.lead.token)).status).toBe(200);
    expect(await audits(aff.id, 'status_change')).toHaveLength(1);
  });

  it('activates an affiliate waiting for moderation, who can then sign in', async () => {
    const aff = await affiliateOf(w.managerB.id, 'on_moderation');
    const res = await setStatus(w.managerB.token, aff.id, 'active');
    expect(res.json.data.status).toBe('active');
    const token = await sessionFor(t.db, aff.id);
    expect((await me(token)).status).toBe(200);
  });

  it('refuses an unknown status with 400 {status}', async () => {
    const aff = await affiliateOf(w.managerA.id);
    const res = await setStatus(w.admin.token, aff.id, 'frozen');
    expect(res.status).toBe(400);
    expect(res.json.error).toHaveProperty('status');
  });

  it('an edit that bans also revokes sessions and writes a status change', async () => {
    const aff = await affiliateOf(w.managerA.id);
    const token = await sessionFor(t.db, aff.id);
    const res = await api(t.app, 'PUT', `/api/affiliates/v1/${aff.id}`, w.managerA.token, {
      email: aff.email,
      first_name: 'Ban',
      status: 'banned',
    });
    expect(res.status, res.body).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect(await audits(aff.id, 'status_change')).toHaveLength(1);
  });
});

describe('POST /api/affiliates/v1/:uuid/api-key', () => {
  const insertKey = async (
    userId: string,
    name: string,
    key: string,
    extra: Partial<typeof apiKeys.$inferInsert> = {},
  ) =>
    t.db.insert(apiKeys).values({
      userId,
      name,
      prefix: key.slice(4, 12),
      keyHash: sha256Hex(key),
      keyEnc: secrets.encrypt(key),
      ...extra,
    });

  it('answers 404 with its own message when the affiliate has no active key', async () => {
    const aff = await affiliateOf(w.managerA.id);
    await insertKey(aff.id, 'old', 'pxl_revokedrevokedrevoked', { revokedAt: new Date() });
    const res = await api(t.app, 'POST', `/api/affiliates/v1/${aff.id}/api-key`, w.managerA.token);
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ not_found: 'This affiliate has no active API key' });
  });

  it('returns the newest live key decrypted, shows its prefix on the record, and audits the reveal', async () => {
    const aff = await affiliateOf(w.managerA.id);
    await insertKey(aff.id, 'first', 'pxl_firstkeyAAAAAAAAAAAA', { createdAt: new Date(Date.now() - 60_000) });
    await insertKey(aff.id, 'second', 'pxl_secondkeyBBBBBBBBBBB');
    await insertKey(aff.id, 'third', 'pxl_thirdkeyCCCCCCCCCCCC', {
      createdAt: new Date(Date.now() + 60_000),
      revokedAt: new Date(),
    });
    const res = await api(t.app, 'POST', `/api/affiliates/v1/${aff.id}/api-key`, w.lead.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toEqual({ name: 'second', key: 'pxl_secondkeyBBBBBBBBBBB', prefix: 'secondke' });
    const record = await api(t.app, 'GET', `/api/affiliates/v1/${aff.id}`, w.lead.token);
    expect(record.json.data.api_key_prefix).toBe('secondke');
    expect(record.body).not.toContain('pxl_secondkey');
    const [entry] = await audits(aff.id, 'api_key_reveal');
    expect(entry).toMatchObject({ actorId: w.lead.id, details: { key_prefix: 'secondke', key_name: 'second' } });
  });
});
