import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema.ts';
import { totpCode } from '../../lib/totp.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, PASSWORD, sessionFor } from '#test/factories.ts';

// Payment details cannot be redirected with a session alone (docs/product/billing.md, "The affiliate's payments").
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PAYMENTS = '/api/account/v1/payment-methods';
const OLD = [{ system: 'wire', details: 'DE89 3704 0044 0532 0130 00', priority: 1 }];
const NEW = [
  { system: 'wire', details: 'GB29 NWBK 6016 1331 9268 19', priority: 1 },
  { system: 'usdt_trc20', details: 'TXattackerWallet7788', priority: 2 },
];
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

const affiliate = async (over: { totpSecret?: string } = {}) => {
  const user = await createUser(t.db, { role: 'affiliate', paymentMethods: OLD, ...over });
  return { user, token: await sessionFor(t.db, user.id) };
};
const put = (token: string, extra: Record<string, unknown>) =>
  call(t.app, 'PUT', PAYMENTS, { token, payload: { payment_methods: NEW, ...extra } });
const stored = async (id: string) =>
  (await t.db.select({ m: users.paymentMethods }).from(users).where(eq(users.id, id)))[0].m;
const changeAudits = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment_details_change'), eq(auditLog.subjectId, id)));
const mailsTo = async (email: string) => (await t.sentMails()).filter((m) => m.to === email);
const step = () => Math.floor(Date.now() / 30_000);
/** A 6-digit code outside the accepted window (current step ± 1). */
const wrongCode = () => {
  const valid = [-1, 0, 1].map((d) => totpCode(TOTP_SECRET, step() + d));
  return ['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c))!;
};

describe('changing payment details needs the password', () => {
  it('refuses a change without the password; nothing is stored, audited or mailed', async () => {
    const { user, token } = await affiliate();
    const res = await put(token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      data: null,
      error: { password: 'Enter your current password to change payment details' },
    });
    expect(await stored(user.id)).toEqual(OLD);
    expect(await changeAudits(user.id)).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("refuses a wrong password, counted toward the account's failure limit (then even the right one waits)", async () => {
    const { user, token } = await affiliate();
    for (let i = 0; i < 10; i++) {
      const res = await put(token, { password: `wrong-${i}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual({ password: 'Password is wrong' });
    }
    // The limit is the one password changes and turning 2FA off count toward (account.guard.ts).
    const limited = await put(token, { password: PASSWORD });
    expect(limited.statusCode, limited.body).toBe(429);
    const change = await call(t.app, 'POST', '/api/account/v1/password', {
      token,
      payload: { current_password: PASSWORD, new_password: 'another-pass-2026' },
    });
    expect(change.statusCode).toBe(429);
    expect(await stored(user.id)).toEqual(OLD);
  });

  it('with 2FA on, refuses a missing or wrong code even with the right password; takes a valid one', async () => {
    const { user, token } = await affiliate({ totpSecret: TOTP_SECRET });
    const missing = await put(token, { password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      totp_code: 'Enter the code from your authenticator app to change payment details',
    });
    const wrong = await put(token, { password: PASSWORD, totp_code: wrongCode() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ totp_code: 'The code is not valid' });
    expect(await stored(user.id)).toEqual(OLD);
    expect(await changeAudits(user.id)).toEqual([]);

    const ok = await put(token, { password: PASSWORD, totp_code: totpCode(TOTP_SECRET, step()) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stored(user.id)).toEqual(NEW);
  });

  it('an impersonating staff member cannot change them without the owner password', async () => {
    const staff = await createUser(t.db, { role: 'admin' });
    const { user } = await affiliate();
    const token = await sessionFor(t.db, user.id, staff.id);
    expect((await put(token, {})).statusCode).toBe(400);
    expect(await stored(user.id)).toEqual(OLD);
  });
});

describe('the affiliate is mailed when the details change', () => {
  it('says what changed with the accounts masked, and what to do if it was not them', async () => {
    const { user, token } = await affiliate();
    const res = await put(token, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Your payment details were changed');
    expect(mail.text).toContain('Bank wire: account changed from •••• 3000 to •••• 6819');
    expect(mail.text).toContain('USDT (TRC20): added, account •••• 7788');
    expect(mail.text).toContain('If you did not make or ask for this change: change your password now');
    for (const m of [...OLD, ...NEW]) {
      expect(mail.text).not.toContain(m.details);
      expect(mail.html).not.toContain(m.details);
    }
  });

  it('a save that changes nothing sends nothing', async () => {
    const { user, token } = await affiliate();
    expect(
      (await call(t.app, 'PUT', PAYMENTS, { token, payload: { payment_methods: OLD, password: PASSWORD } })).statusCode,
    ).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('staff changing them on the affiliate form mail the affiliate too', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const adminToken = await sessionFor(t.db, admin.id);
    const { user } = await affiliate();
    const res = await call(t.app, 'PUT', `/api/affiliates/v1/${user.id}`, {
      token: adminToken,
      payload: { email: user.email, first_name: 'Ann', payment_methods: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('Your payment details were changed');
    expect(mail.text).toContain('The change was made by the network staff');
    expect(mail.text).not.toContain(NEW[0].details);
  });
});
