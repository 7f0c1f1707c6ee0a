import { call, createUser, randomIp, sessionFor } from '#test/factories.ts';
import { createTestWorld, type TestApp, type TestOptions } from '#test/harness.ts';
import type { BuildOptions } from '../../deps.ts';

export type MailWorld = { admin: string; head: string; manager: string };

/**
 * A test app (`smtp: false` for one that starts without SMTP) with an admin, a head and a manager signed in. Its test
 * SMTP servers listen on loopback, so private SMTP hosts are allowed unless `env` says otherwise.
 */
export const startMailWorld = (
  jobs: BuildOptions['jobs'] = { start: false },
  o: TestOptions = {},
  env: Record<string, string> = {},
) =>
  createTestWorld<MailWorld>(
    async (t) => {
      const session = async (role: 'admin' | 'head' | 'manager') =>
        sessionFor(t.db, (await createUser(t.db, { role })).id);
      return { admin: await session('admin'), head: await session('head'), manager: await session('manager') };
    },
    { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true', ...env },
    jobs,
    o,
  );

export const SMTP_URL = '/api/settings/v1/smtp';
export const smtpBody = (port: number, extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  user: '',
  from_name: 'Acme Net',
  from_email: 'panel@acme.test',
  ...extra,
});
export const putSmtp = (t: TestApp, token: string, payload: Record<string, unknown>) =>
  call(t.app, 'PUT', SMTP_URL, { token, payload });
export const testSmtp = (t: TestApp, token: string, to = 'someone@acme.test') =>
  call(t.app, 'POST', `${SMTP_URL}/test`, { token, payload: { to } });
export const mailLog = async (t: TestApp, token: string, query = '') => {
  const res = await call(t.app, 'GET', `/api/mail/v1/log${query}`, { token });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as {
    count: number;
    list: { to: string; status: string; attempts: number; last_error: string | null }[];
  };
};

/** Asks for a password reset of a fresh affiliate: one password_reset mail queued for them. */
export const requestReset = async (t: TestApp) => {
  const user = await createUser(t.db, { role: 'affiliate' });
  const res = await call(t.app, 'POST', '/api/auth/v1/password-recovery', {
    payload: { email: user.email },
    ip: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return user.email;
};

/** The harness's poll: the mail worker runs on its own time. */
export { until } from '#test/harness.ts';
