import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call } from '#test/factories.ts';
import { freePort } from '#test/free-port.ts';
import { TEST_SECRET_KEY, type TestApp } from '#test/harness.ts';
import { startSmtpSink } from '#test/smtp-sink.ts';
import { auditLog, settings } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { SMTP_URL, mailLog, putSmtp, smtpBody, startMailWorld, testSmtp, type MailWorld } from './mail.fixtures.ts';
import { NO_SMTP_SERVER } from './smtp-transport.ts';

let t: TestApp, w: MailWorld;
beforeAll(async () => ({ t, w } = await startMailWorld({ start: false }, { smtp: false })));
afterAll(() => t?.close());

const stored = async () =>
  (await t.db.select().from(settings).where(eq(settings.key, 'smtp')))[0]!.value as Record<string, unknown>;

describe('SMTP settings', () => {
  it('start unconfigured, for admin and head only', async () => {
    const res = await call(t.app, 'GET', SMTP_URL, { token: w.head });
    expect(res.json().data).toMatchObject({ host: '', configured: false, password_set: false });
    expect((await call(t.app, 'GET', SMTP_URL, { token: w.manager })).statusCode).toBe(403);
  });

  it('seal the password at rest, never return it, and audit the change without it', async () => {
    const res = await putSmtp(t, w.admin, smtpBody(2525, { user: 'mailer', password: 'hunter2-secret' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('hunter2-secret');
    expect(res.json().data).toMatchObject({ configured: true, password_set: true, user: 'mailer' });
    expect(res.json().data).not.toHaveProperty('password');
    const value = await stored();
    expect(JSON.stringify(value)).not.toContain('hunter2-secret');
    expect(createSecrets(TEST_SECRET_KEY).decrypt(value.password_sealed as string)).toBe('hunter2-secret');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings_change')));
    const smtpAudit = audits.find((a) => (a.details as { section?: string }).section === 'smtp')!;
    expect(smtpAudit.details).toMatchObject({ changed: { password: 'changed', host: { from: '', to: '127.0.0.1' } } });
    expect(JSON.stringify(audits)).not.toContain('hunter2-secret');
  });

  it('keep the stored password when none is sent, and remove it on null', async () => {
    const before = (await stored()).password_sealed;
    await putSmtp(t, w.admin, smtpBody(2526, { password: '' }));
    expect((await stored()).password_sealed).toBe(before);
    const res = await putSmtp(t, w.admin, smtpBody(2526, { password: null }));
    expect(res.json().data.password_set).toBe(false);
  });

  it('refuse a port out of range and a missing sender with 400', async () => {
    const res = await putSmtp(t, w.admin, smtpBody(70000, { from_email: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'error',
      error: { port: expect.any(String), from_email: expect.any(String) },
    });
  });
});

describe('POST /api/settings/v1/smtp/test', () => {
  it('delivers a test mail and tells the server answer; the log shows it', async () => {
    const sink = await startSmtpSink();
    try {
      await putSmtp(t, w.admin, smtpBody(sink.port));
      const res = await testSmtp(t, w.head, 'check@acme.test');
      expect(res.json().data).toEqual({ ok: true, message: expect.stringMatching(/answered: 250/) });
      expect(sink.mails).toEqual([
        expect.objectContaining({ to: 'check@acme.test', subject: 'Test mail from PXL Panel' }),
      ]);
      expect((await mailLog(t, w.admin, '?template=smtp_test')).list[0]).toMatchObject({
        to: 'check@acme.test',
        status: 'sent',
        sent_at: expect.any(String),
      });
    } finally {
      await sink.close();
    }
  });

  it('says in words when no SMTP server answers (the same words for every cause: mail.outbound.test.ts)', async () => {
    await putSmtp(t, w.admin, smtpBody(await freePort()));
    const res = await testSmtp(t, w.admin);
    expect(res.json().data).toEqual({ ok: false, message: NO_SMTP_SERVER });
    expect((await mailLog(t, w.admin, '?status=failed')).list[0].last_error).toBe(NO_SMTP_SERVER);
  });

  it('says in words when the password is wrong', async () => {
    const sink = await startSmtpSink({ auth: { user: 'mailer', pass: 'right' } });
    try {
      await putSmtp(t, w.admin, smtpBody(sink.port, { user: 'mailer', password: 'wrong' }));
      const res = await testSmtp(t, w.admin);
      expect(res.json().data).toEqual({ ok: false, message: expect.stringMatching(/^Authentication failed: 535/) });
      expect(sink.mails).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('says in words when TLS fails (a self-signed certificate nobody trusts)', async () => {
    const sink = await startSmtpSink({ security: 'starttls' });
    try {
      await putSmtp(t, w.admin, smtpBody(sink.port, { security: 'starttls' }));
      const res = await testSmtp(t, w.admin);
      expect(res.json().data).toEqual({ ok: false, message: expect.stringMatching(/^TLS failed: .*self.signed/i) });
    } finally {
      await sink.close();
    }
  });
});
