import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, users } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { api, type Member, type StaffWorld, startStaffWorld, uniqueEmail } from '../managers/staff.fixtures.ts';
import { readPostbackContext } from '../tracking/index.ts';
import { databaseBefore } from '#test/migrated-database.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

const NO_CLICK = '00000000-0000-4000-8000-000000000000';
const create = async (m: Member) => {
  const res = await api(t.app, 'POST', '/api/advertisers/v1/create', m.token, {
    email: uniqueEmail('adv'),
    password: 'advertiser-pass-1',
    company: `Tok ${w.tag}`,
  });
  expect(res.status, res.body).toBe(200);
  return res.json.data as { uuid: string; postback_token: string; postback_token_hint: string };
};
const rotate = (m: Member, uuid: string) => api(t.app, 'POST', `/api/advertisers/v1/${uuid}/postback-token`, m.token);
const advertiserOf = async (token: string) => (await readPostbackContext(t.db, token, NO_CLICK)).advertiserId;

describe('advertiser postback tokens', () => {
  it('are shown on creation only: the row keeps a hash, list and detail carry the last four characters', async () => {
    const adv = await create(w.managerA);
    expect(adv.postback_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(adv.postback_token_hint).toBe(adv.postback_token.slice(-4));
    const [row] = await t.db.select().from(users).where(eq(users.id, adv.uuid));
    expect(JSON.stringify(row)).not.toContain(adv.postback_token);
    expect(row.postbackTokenHash).toBe(sha256Hex(adv.postback_token));
    const detail = await api(t.app, 'GET', `/api/advertisers/v1/${adv.uuid}`, w.managerA.token);
    const list = await api(t.app, 'GET', `/api/advertisers/v1/list?search=${w.tag}`, w.admin.token);
    for (const res of [detail, list]) {
      expect(res.status).toBe(200);
      expect(res.body).not.toContain(adv.postback_token);
      expect(res.body).not.toContain('"postback_token"');
    }
    expect(detail.json.data.postback_token_hint).toBe(adv.postback_token.slice(-4));
    expect(await advertiserOf(adv.postback_token)).toBe(adv.uuid);
  });

  it('rotate: a new token is shown once, the old one stops matching at once, and the rotation is audited without it', async () => {
    const adv = await create(w.managerA);
    const res = await rotate(w.managerA, adv.uuid);
    expect(res.status, res.body).toBe(200);
    const fresh = res.json.data.postback_token as string;
    expect(fresh).not.toBe(adv.postback_token);
    expect(res.json.data.postback_token_hint).toBe(fresh.slice(-4));
    expect(await advertiserOf(fresh)).toBe(adv.uuid);
    expect(await advertiserOf(adv.postback_token)).toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, adv.uuid), eq(auditLog.action, 'postback_token_rotate')));
    expect(entry.actorId).toBe(w.managerA.id);
    expect(JSON.stringify(entry.details)).not.toContain(fresh);
    const detail = await api(t.app, 'GET', `/api/advertisers/v1/${adv.uuid}`, w.managerA.token);
    expect(detail.json.data.postback_token_hint).toBe(fresh.slice(-4));
  });

  it('rotate: admin and head for any advertiser, a manager for their own only, a team lead never', async () => {
    const adv = await create(w.managerA);
    expect((await rotate(w.admin, adv.uuid)).status).toBe(200);
    expect((await rotate(w.head, adv.uuid)).status).toBe(200);
    expect((await rotate(w.managerB, adv.uuid)).status).toBe(404);
    expect((await rotate(w.lead, adv.uuid)).status).toBe(403);
  });

  it('an edit keeps the token', async () => {
    const adv = await create(w.managerA);
    const res = await api(t.app, 'PUT', `/api/advertisers/v1/${adv.uuid}`, w.managerA.token, {
      email: uniqueEmail('adv'),
      company: `Renamed ${w.tag}`,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.postback_token_hint).toBe(adv.postback_token_hint);
    expect(await advertiserOf(adv.postback_token)).toBe(adv.uuid);
  });
});

describe('the migration to hashed tokens', () => {
  it('hashes the tokens of existing advertisers in place and drops the plain column', async () => {
    const { db, migrateRest, drop } = await databaseBefore('0016_postback_token_hash');
    try {
      await db.$client.query(
        `insert into users (email, password_hash, role, postback_token) values ('old@test.local', 'x', 'advertiser', 'an-old-plain-token-wxyz')`,
      );
      await migrateRest();
      const {
        rows: [row],
      } = await db.$client.query(`select * from users where email = 'old@test.local'`);
      expect(row).toMatchObject({
        postback_token_hash: sha256Hex('an-old-plain-token-wxyz'),
        postback_token_hint: 'wxyz',
      });
      expect(row).not.toHaveProperty('postback_token');
      expect(JSON.stringify(row)).not.toContain('an-old-plain-token');
      expect((await readPostbackContext(db, 'an-old-plain-token-wxyz', NO_CLICK)).advertiserId).toBe(row.id);
    } finally {
      await drop();
    }
    // Every migration from an empty database, twice over: a few seconds alone, far more on a loaded 2-core machine.
  });
});
