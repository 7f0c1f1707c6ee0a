import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#test/free-port.ts';
import type { TestApp } from '#test/harness.ts';
import { TEST_CA_FILE, startSmtpSink, type SmtpSink } from '#test/smtp-sink.ts';
import {
  mailLog,
  putSmtp,
  requestReset,
  smtpBody,
  startMailWorld,
  testSmtp,
  until,
  type MailWorld,
} from './mail.fixtures.ts';
import { NO_SMTP_SERVER } from './smtp-transport.ts';

// The worker runs as in production (pg-boss), with retries a second apart: three attempts, then the mail is failed.
let t: TestApp, w: MailWorld;
const sinks: SmtpSink[] = [];
beforeAll(async () => {
  ({ t, w } = await startMailWorld(
    { pollingIntervalSeconds: 1, mailRetryDelays: [1, 1] },
    { smtp: false },
    { SMTP_CA_FILE: TEST_CA_FILE },
  ));
});
afterAll(async () => {
  await t?.close();
  for (const s of sinks) await s.close();
});

const sink = async (o: Parameters<typeof startSmtpSink>[0] = {}) => {
  const s = await startSmtpSink(o);
  sinks.push(s);
  return s;
};
const entryOf = async (to: string) => (await mailLog(t, w.admin, `?search=${encodeURIComponent(to)}`)).list[0];

describe('mail delivery through pg-boss to a real SMTP server', () => {
  // In each test the SMTP server has the mail a moment before the log says so: the delivery records 'sent' after the
  // SMTP exchange ends, so the log is polled too.
  it('keeps a mail as "no SMTP configured" and sends it once SMTP is saved', async () => {
    const to = await requestReset(t);
    await until(
      () => entryOf(to),
      (e) => e?.status === 'no_smtp',
      'the mail parked without SMTP',
    );
    const s = await sink();
    expect((await putSmtp(t, w.admin, smtpBody(s.port))).statusCode).toBe(200);
    await until(
      async () => s.mails,
      (m) => m.some((x) => x.to === to),
      'the mail at the SMTP server',
    );
    const sent = await until(
      () => entryOf(to),
      (e) => e?.status === 'sent',
      'the log to say sent',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('delivers over STARTTLS with a self-signed certificate the server trusts (SMTP_CA_FILE) and a password', async () => {
    const s = await sink({ security: 'starttls', auth: { user: 'mailer', pass: 'right-pass' } });
    await putSmtp(t, w.admin, smtpBody(s.port, { security: 'starttls', user: 'mailer', password: 'right-pass' }));
    const to = await requestReset(t);
    const [mail] = await until(
      async () => s.mails.filter((m) => m.to === to),
      (m) => m.length > 0,
      'the mail',
    );
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/password-recovery\?token=[\w-]{40,}/);
    expect(mail.html).toMatch(/<a href="[^"]+password-recovery\?token=[\w-]{40,}">/);
    expect(mail.raw).toMatch(/^From: Acme Net <panel@acme\.test>/m);
  });

  it('speaks TLS from the first byte when security is tls', async () => {
    const s = await sink({ security: 'tls' });
    await putSmtp(t, w.admin, smtpBody(s.port, { security: 'tls' }));
    const res = await testSmtp(t, w.admin, 'tls-check@acme.test');
    expect(res.json().data).toEqual({ ok: true, message: expect.stringMatching(/answered: 250/) });
    expect(s.mails.map((m) => m.to)).toEqual(['tls-check@acme.test']);
  });

  it('retries a wrong password with backoff, then marks the mail failed with the error in words', async () => {
    const s = await sink({ auth: { user: 'mailer', pass: 'right-pass' } });
    await putSmtp(t, w.admin, smtpBody(s.port, { user: 'mailer', password: 'wrong-pass' }));
    const to = await requestReset(t);
    const failed = await until(
      () => entryOf(to),
      (e) => e?.status === 'failed',
      'the mail failed',
    );
    expect(failed).toMatchObject({ attempts: 3, last_error: expect.stringMatching(/^Authentication failed: 535/) });
    expect(s.mails.filter((m) => m.to === to)).toEqual([]);
  });

  it('keeps a mail queued while the SMTP server is down and delivers it once the server is up', async () => {
    const port = await freePort();
    await putSmtp(t, w.admin, smtpBody(port));
    const to = await requestReset(t);
    // The claim counts the attempt before it is made: wait for its outcome, the error.
    const waiting = await until(
      () => entryOf(to),
      (e) => !!e?.last_error,
      'a first failed attempt',
    );
    expect(waiting).toMatchObject({ status: expect.stringMatching(/queued|sending/) });
    expect(waiting.last_error).toBe(NO_SMTP_SERVER);
    const s = await sink({ port });
    await until(
      async () => s.mails,
      (m) => m.some((x) => x.to === to),
      'the mail once the server is up',
    );
    const sent = await until(
      () => entryOf(to),
      (e) => e?.status === 'sent',
      'the log to say sent',
    );
    expect(sent).toMatchObject({ status: 'sent', last_error: null });
  });
});
