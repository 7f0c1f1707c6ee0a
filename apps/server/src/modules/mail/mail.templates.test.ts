import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, randomIp } from '#test/factories.ts';
import type { TestApp } from '#test/harness.ts';
import { putSettings, uniqueEmail } from '../managers/staff.fixtures.ts';
import { renderMail } from './mail.templates.ts';
import { startMailWorld, type MailWorld } from './mail.fixtures.ts';

let t: TestApp, w: MailWorld;
beforeAll(async () => {
  ({ t, w } = await startMailWorld());
  await putSettings(t.db, 'general', { partner_title: 'Acme <Net>', time_zone: 'UTC', currency: 'USD' });
  await putSettings(t.db, 'registration', {
    mode: 'approval',
    required_fields: [],
    terms_required: false,
    allow_advertisers: true,
  });
});
afterAll(() => t?.close());

const mailsTo = async (to: string) => (await t.sentMails()).filter((m) => m.to === to);

describe('account mails', () => {
  it('tells a new partner the registration was received, then that the account was approved', async () => {
    const email = uniqueEmail('signup');
    const res = await call(t.app, 'POST', '/api/auth/v1/registration', {
      payload: { email, password: 'signup-pass-1', first_name: 'Sam' },
      ip: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailsTo(email)).toEqual([
      expect.objectContaining({
        subject: 'Your registration at Acme <Net>',
        text: expect.stringContaining('A manager will review it'),
        html: expect.stringContaining('Acme &lt;Net&gt;'),
      }),
    ]);
    const uuid = res.json().data.uuid as string;
    const approved = await call(t.app, 'POST', `/api/affiliates/v1/${uuid}/status`, {
      token: w.admin,
      payload: { status: 'active' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [, mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Your account at Acme <Net> is approved' });
    expect(mail.text).toMatch(/^Hello Sam,\n.*\nhttp:\/\/localhost:\d+\/login\n\n— Acme <Net>$/s);
  });
});

describe('templates', () => {
  it('render every template in text and HTML with the title, escaping what users wrote', () => {
    const reply = renderMail(
      'ticket_reply',
      { ticket: 'Payout', author: 'Ann', message: '<b>hi</b>', link: 'https://p.test/tickets/1' },
      'Net',
    );
    expect(reply.subject).toBe('New reply to your ticket: Payout');
    expect(reply.text).toContain('<b>hi</b>');
    expect(reply.html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(reply.html).toContain('<a href="https://p.test/tickets/1">');
    const cap = renderMail('offer_cap_80', { offer: 'Slots', cap: '100 leads', used: '80', period: 'daily' }, 'Net');
    expect(cap.text).toBe('Offer Slots has used 80 of its daily cap of 100 leads.\n\n— Net');
  });
});
