import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, randomIp, sessionFor } from '#test/factories.ts';
import type { TestApp } from '#test/harness.ts';
import { uniqueEmail } from '../managers/staff.fixtures.ts';
import { renderMail } from './mail.templates.ts';
import { startMailWorld, type MailWorld } from './mail.fixtures.ts';

let t: TestApp, w: MailWorld;
beforeAll(async () => {
  ({ t, w } = await startMailWorld());
});
afterAll(() => t?.close());

const PHISH = 'your payout is frozen, verify at https://pay-check.example/login or mail help@pay-check.example';
const CHARS = 'First name may hold only letters, spaces, apostrophes, hyphens and dots';

/** What a mail client would turn into a link: a scheme, a domain, an address. */
const LINKISH = /:\/\/|[a-z0-9-]\.[a-z]{2}|\w@\w/i;

describe('names that would read as links', () => {
  it('are refused at sign-up, in the profile and when staff create people', async () => {
    const signup = await call(t.app, 'POST', '/api/auth/v1/registration', {
      payload: { email: uniqueEmail('phish'), password: 'signup-pass-1', first_name: PHISH },
      ip: randomIp(),
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual({ status: 'error', data: null, error: { first_name: CHARS } });

    const domain = await call(t.app, 'POST', '/api/auth/v1/registration', {
      payload: { email: uniqueEmail('phish'), password: 'signup-pass-1', first_name: 'Ann', last_name: 'pay.example' },
      ip: randomIp(),
    });
    expect(domain.json().error).toEqual({ last_name: 'Last name must not look like a web address' });

    const me = await createUser(t.db, { role: 'affiliate', firstName: 'Ann' });
    const profile = await call(t.app, 'PUT', '/api/account/v1/profile', {
      token: await sessionFor(t.db, me.id),
      payload: { first_name: PHISH },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error).toEqual({ first_name: CHARS });

    const manager = await call(t.app, 'POST', '/api/managers/v1/create', {
      token: w.admin,
      payload: {
        email: uniqueEmail('staff'),
        first_name: PHISH,
        role: 'manager',
        type: 'affiliate',
        password: 'staff-pass-123',
      },
    });
    expect(manager.statusCode).toBe(400);
    expect(manager.json().error).toMatchObject({ first_name: CHARS });

    const affiliate = await call(t.app, 'POST', '/api/affiliates/v1/create', {
      token: w.admin,
      payload: { email: uniqueEmail('aff'), first_name: 'Ann', last_name: PHISH, password: 'partner-pass-1' },
    });
    expect(affiliate.statusCode).toBe(400);
    expect(affiliate.json().error).toMatchObject({ last_name: CHARS.replace('First', 'Last') });
  });

  it('stored before the check, still reach a mail as plain words with no link', async () => {
    const odd = await createUser(t.db, { role: 'affiliate', firstName: PHISH, status: 'on_moderation' });
    const approved = await call(t.app, 'POST', `/api/affiliates/v1/${odd.id}/status`, {
      token: w.admin,
      payload: { status: 'active' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [mail] = (await t.sentMails()).filter((m) => m.to === odd.email);
    const login = /http:\/\/localhost:\d+\/login/g;
    expect(mail.text).toContain('Hello your payout is frozen, verify at https: //pay-check. example/login');
    expect(mail.text.replace(login, '')).not.toMatch(LINKISH);
    expect(mail.html.replace(login, '')).not.toMatch(LINKISH);
    expect(mail.html.match(/<a /g)).toHaveLength(1);

    const reply = renderMail(
      'ticket_reply',
      { ticket: 'Payout\r\nBcc: x', author: PHISH, message: 'Hi', link: 'https://p.test/tickets/1' },
      'Net',
    );
    expect(reply.subject).toBe('New reply to your ticket: Payout Bcc: x');
    expect(reply.text.split('\n')[0]).not.toMatch(LINKISH);
    expect(reply.html.split('\n')[0]).not.toMatch(LINKISH);
  });
});
