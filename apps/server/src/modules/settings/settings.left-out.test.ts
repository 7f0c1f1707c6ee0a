import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '@pxl/contract/endpoints';
import { call, createUser, sessionFor } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';

// A settings PUT that leaves a field out keeps the stored value or is refused, never resets it to a default
// (docs/product/settings.md). Each body holds values unlike the defaults, so a reset would show.
const BODIES: Record<string, Record<string, unknown>> = {
  '/api/settings/v1/general': {
    partner_title: 'Acme Network',
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
    raw_clicks_days: 400,
    support_email: 'help@acme.test',
    support_telegram: '@acme_help',
    support_phone: '+1 555 0100',
  },
  '/api/settings/v1/registration': {
    mode: 'closed',
    required_fields: ['telegram', 'website'],
    terms_required: false,
    allow_advertisers: false,
  },
  '/api/settings/v1/affiliates': {
    default_manager_uuid: null,
    hold_days: 30,
    min_payout: { amount: 5000, currency: 'EUR' },
    referral_percent: 7,
    referral_months: 24,
  },
  '/api/settings/v1/trafficback': {
    url: 'https://fallback.acme.test/?c={click_id}',
    reasons: ['offer_ended', 'geo_not_allowed'],
  },
  '/api/settings/v1/documents': {
    user_agreement: '# Agreement\n\nOurs.',
    user_privacy_policy: '# Privacy\n\nOurs.',
    user_terms_and_conditions: '# Terms\n\nOurs.',
  },
  '/api/settings/v1/smtp': {
    host: 'smtp.acme.test',
    port: 2465,
    security: 'tls',
    user: 'mailer',
    password: 'kept-secret',
    from_name: 'Acme',
    from_email: 'panel@acme.test',
  },
};
// What the GET answers in place of a write-only field.
const SHOWN_AS: Record<string, [string, unknown]> = { password: ['password_set', true] };

const sections = allEndpoints.filter((e) => e.method === 'PUT' && e.path.startsWith('/api/settings/'));

let t: TestApp, admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { start: false }, { smtp: false });
  admin = await sessionFor(t.db, (await createUser(t.db, { role: 'admin' })).id);
});
afterAll(() => t?.close());

const read = async (url: string) => {
  const res = await call(t.app, 'GET', url, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
};
const write = (url: string, payload: Record<string, unknown>) => call(t.app, 'PUT', url, { token: admin, payload });
const shown = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => SHOWN_AS[k] ?? [k, v]));

describe('a settings PUT leaving a field out', () => {
  it('has a body here for every settings PUT of the contract', () => {
    expect(sections.map((e) => e.path).sort()).toEqual(Object.keys(BODIES).sort());
  });

  for (const endpoint of sections) {
    const body = BODIES[endpoint.path] ?? {};
    const shape = (endpoint.body as z.ZodObject).shape;
    it.each(Object.keys(shape))(`${endpoint.path}: without %s keeps the stored value or is refused`, async (field) => {
      const full = await write(endpoint.path, body);
      expect(full.statusCode, full.body).toBe(200);
      const stored = await read(endpoint.path);
      expect(stored).toMatchObject(shown(body));

      const { [field]: _left, ...rest } = body;
      const res = await write(endpoint.path, rest);
      const optional = shape[field].safeParse(undefined).success;
      expect(res.statusCode, res.body).toBe(optional ? 200 : 400);
      if (!optional) expect(res.json().error).toHaveProperty(field);
      expect(await read(endpoint.path)).toEqual(stored);
    });
  }
});
