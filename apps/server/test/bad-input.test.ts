import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_PAGE_MESSAGE } from '@pxl/contract';
import { createTestApp, type TestApp } from './harness.ts';
import { call } from './factories.ts';
import { users } from '../src/db/schema.ts';
import { NOT_ALLOWED_CHARACTER } from '../src/plugins/text-guard.ts';
import { createLeadWorld, leadBody, sendLead, type LeadWorld } from '../src/modules/leads/leads.fixtures.ts';
import { click, clickIdOf, clickWorld } from '../src/modules/tracking/click.fixtures.ts';
import { postbackTokenColumns } from '../src/modules/advertisers/index.ts';

// Bad input is a 400 naming the field, never a 500 from PostgreSQL (docs/decisions/014-bounded-input.md).

let t: TestApp;
let w: LeadWorld;
let offerId: number;
let clickOf: () => Promise<string>;
const TOKEN = 'bad-input-token-0123456789';
beforeAll(async () => {
  t = await createTestApp();
  w = await createLeadWorld(t);
  offerId = (await w.offer([])).id;
  const cw = await clickWorld(t.app, t.db);
  const direct = await cw.offer();
  await t.db.update(users).set(postbackTokenColumns(TOKEN)).where(eq(users.id, cw.advA.id));
  clickOf = async () =>
    clickIdOf((await click(t.app, `/click/${direct.id}?aff=${cw.affA.id}`)).headers.location as string)!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = w.admin.token) => call(t.app, 'GET', url, { token });
const refused = (res: { statusCode: number; json: () => unknown }, field: string, message?: string) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { status: string; error: Record<string, string> };
  expect(body.status).toBe('error');
  expect(Object.keys(body.error)).toContain(field);
  if (message) expect(body.error[field]).toBe(message);
};

describe('NUL bytes', () => {
  it('are refused in lead fields, naming the field', async () => {
    for (const field of ['first_name', 'language', 'sub1', 'sub5']) {
      const res = await sendLead(t, w.keyA, leadBody(offerId, { [field]: `a\u0000b` }));
      expect(res.status, field).toBe(400);
      expect(res.json.error, field).toEqual({ [field]: NOT_ALLOWED_CHARACTER });
    }
  });

  it('are refused in postback txid and token, by GET and by form POST', async () => {
    const clickId = await clickOf();
    refused(
      await t.app.inject({ method: 'GET', url: `/postback?click_id=${clickId}&txid=a%00b&token=${TOKEN}` }),
      'txid',
      NOT_ALLOWED_CHARACTER,
    );
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/postback',
        payload: `click_id=${clickId}&token=${TOKEN}%00`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'token',
      NOT_ALLOWED_CHARACTER,
    );
  });

  it('are refused in list filters and in object keys', async () => {
    refused(await get('/api/affiliates/v1/list?search=a%00b'), 'search', NOT_ALLOWED_CHARACTER);
    refused(await get('/api/affiliates/v1/list?tag=a%00b'), 'tag', NOT_ALLOWED_CHARACTER);
    refused(await get('/api/offers/v1/list?search=%00'), 'search', NOT_ALLOWED_CHARACTER);
    for (const log of ['clicks', 'conversions', 'user-sessions']) {
      refused(await get(`/api/statistic/v1/${log}?sub1=x%00`), 'sub1', NOT_ALLOWED_CHARACTER);
      refused(await get(`/api/statistic/v1/${log}?search=x%00`), 'search', NOT_ALLOWED_CHARACTER);
    }
    const res = await call(t.app, 'PUT', '/api/account/v1/profile', {
      token: w.admin.token,
      payload: { first_name: 'A', contacts: { ['sk\u0000ype']: 'x' } },
    });
    refused(res, 'contacts.skype', NOT_ALLOWED_CHARACTER);
  });

  it('lone surrogates are refused too (jsonb refuses their escapes), while pairs pass', async () => {
    const txid = await t.app.inject({
      method: 'POST',
      url: '/postback',
      payload: { click_id: await clickOf(), token: TOKEN, txid: '\udfff\ud800' },
    });
    refused(txid, 'txid', NOT_ALLOWED_CHARACTER);
    refused(
      await call(t.app, 'PUT', '/api/account/v1/profile', {
        token: w.admin.token,
        payload: { first_name: 'A\ud800B' },
      }),
      'first_name',
      NOT_ALLOWED_CHARACTER,
    );
    // U+20000, a letter outside the BMP: a surrogate pair in the JSON, and a name's letter.
    const pair = await call(t.app, 'PUT', '/api/account/v1/profile', {
      token: w.admin.token,
      payload: { first_name: 'A\u{20000}B' },
    });
    expect(pair.statusCode, pair.body).toBe(200);
    expect((await get('/api/account/v1/profile')).json().data.first_name).toBe('A\u{20000}B');
  });

  it('a postback status of blanks is no status (pending), not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?click_id=${await clickOf()}&token=${TOKEN}&goal=registration&status=%20`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('pending');
  });
});

describe('numbers past their column', () => {
  it('lead offer_id and landing above int4 are a 400', async () => {
    for (const over of [{ offer_id: 2147483648 }, { landing: 2147483648 }, { offer_id: 9007199254740991 }]) {
      const res = await sendLead(t, w.keyA, leadBody(offerId, over));
      expect(res.status, res.body).toBe(400);
      expect(Object.keys(res.json.error ?? {}), res.body).toContain(Object.keys(over)[0]);
    }
    const statuses = await call(t.app, 'GET', '/api/lead/v1/statuses?offer_id=9007199254740991', {
      headers: { 'x-api-key': w.keyA },
    });
    refused(statuses, 'offer_id');
    refused(await get('/api/offers/v1/portal/2147483648', w.affA.token), 'id');
  });

  it('postback revenue above 1,000,000.00 is a 400, and 1,000,000.00 is taken', async () => {
    refused(
      await t.app.inject({
        method: 'GET',
        url: `/postback?click_id=${await clickOf()}&revenue=999999999.99&token=${TOKEN}`,
      }),
      'revenue',
      'At most 1000000',
    );
    const ok = await t.app.inject({
      method: 'GET',
      url: `/postback?click_id=${await clickOf()}&revenue=1000000.00&token=${TOKEN}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('days and pages', () => {
  it('every endpoint that takes a day refuses days outside 2000-01-01 … 2099-12-31 and days the calendar lacks', async () => {
    const urls = [
      '/api/statistic/v1/clicks',
      '/api/statistic/v1/conversions',
      '/api/statistic/v1/user-sessions',
      '/api/statistic/v1/chart',
      '/api/statistic/v1/general',
      '/api/log/v1/list',
      '/api/postbacks/v1/inbound',
    ];
    for (const url of urls) {
      refused(await get(`${url}?date_to=9999-12-31`), 'date_to', 'Use a day from 2000-01-01 to 2099-12-31');
      refused(await get(`${url}?date_from=0001-01-01`), 'date_from', 'Use a day from 2000-01-01 to 2099-12-31');
      refused(await get(`${url}?date_from=0000-00-00`), 'date_from');
      refused(await get(`${url}?date_to=2026-02-31`), 'date_to', 'No such day');
      for (const edge of ['date_from=2000-01-01&date_to=2000-01-31', 'date_from=2099-12-01&date_to=2099-12-31']) {
        const res = await get(`${url}?${edge}&tz=Pacific/Kiritimati`);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      }
    }
    refused(await get('/api/affiliates/v1/list?created_from=1999-12-31'), 'created_from');
    const statuses = await call(t.app, 'GET', '/api/lead/v1/statuses?from=0000-01-01T00:00:00Z', {
      headers: { 'x-api-key': w.keyA },
    });
    refused(statuses, 'from');
  });

  it('page stops at 1000 with a message that says how to reach older rows', async () => {
    for (const url of [
      '/api/affiliates/v1/list?page=1001',
      '/api/statistic/v1/clicks?page=1000000',
      '/api/log/v1/list?page=1001&count=100',
    ]) {
      refused(await get(url), 'page', MAX_PAGE_MESSAGE);
    }
    expect((await get('/api/statistic/v1/clicks?page=1000&count=100')).statusCode).toBe(200);
  });
});
