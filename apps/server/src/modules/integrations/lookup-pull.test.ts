import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { OfferWorld } from '../offers/offers.fixtures.ts';
import { contextOf, jsonTemplate, makeProduct, SECRET, startBuyerWorld, type Buyer } from './integrations.fixtures.ts';
import { lookupLead } from './lookup.ts';
import { minorUnits, PullError, pullStatuses } from './pull.ts';

let t: TestApp, w: OfferWorld, buyer: Buyer, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyer, stop } = await startBuyerWorld());
});
afterAll(() => stop?.());
beforeEach(() => {
  buyer.received.length = 0;
});

const product = async (over: {
  lookup?: Record<string, unknown> | null;
  pull?: Record<string, unknown>;
  push?: Record<string, unknown>;
}) => {
  const integration = jsonTemplate({
    push: { url: `${buyer.url}/leads`, ...over.push },
    lookup:
      over.lookup === null
        ? null
        : { url: `${buyer.url}/leads/by-aff/{lead_id}?key={credentials.api_key}`, ...over.lookup },
    ...(over.pull && {
      pull: {
        ...over.pull,
        call: {
          url: `${buyer.url}/statuses?from={since}&unix={since_unix}&page={page}&size={page_size}&offset={offset}`,
          ...(over.pull.call as object),
        },
      },
    }),
  });
  const p = await makeProduct(t, w.admin, w.advA.id, {
    integration_type: 'json',
    integration,
    credentials: { api_key: SECRET },
  });
  return contextOf(t, p.uuid);
};

describe('lookupLead', () => {
  it('found: the buyer has the lead, with its id and autologin URL; the key is masked', async () => {
    const ctx = await product({});
    buyer.json(200, { lead_id: 'B-9', autologin_url: 'https://brand.example/a/9' });
    const out = await lookupLead(ctx, 'our-lead-1');
    expect(out).toMatchObject({
      found: true,
      external_id: 'B-9',
      autologin_url: 'https://brand.example/a/9',
      response: { status_code: 200 },
    });
    expect(buyer.received[0].url).toBe(`/leads/by-aff/our-lead-1?key=${encodeURIComponent(SECRET)}`);
    expect(out.request.url).toBe(`${buyer.url}/leads/by-aff/our-lead-1?key=••••`);
    expect(JSON.stringify(out)).not.toContain(SECRET);
  });

  it('not found only on a missing code (404 by default)', async () => {
    const ctx = await product({});
    buyer.json(404, { error: 'no such lead' });
    expect(await lookupLead(ctx, 'x')).toMatchObject({ found: false, response: { status_code: 404 } });
    const custom = await product({ lookup: { missing_status: [410], found_status: [200, 204] } });
    buyer.json(410, {});
    expect((await lookupLead(custom, 'x')).found).toBe(false);
    buyer.json(404, {});
    expect(await lookupLead(custom, 'x')).toMatchObject({
      found: null,
      message: 'HTTP 404 says neither found nor missing',
    });
  });

  it('cannot tell on errors, timeouts, unreadable answers or without a lookup', async () => {
    const ctx = await product({ push: { timeout_ms: 500 } });
    buyer.json(500, { error: 'down' });
    expect((await lookupLead(ctx, 'x')).found).toBeNull();
    buyer.json(200, { lead_id: '' });
    expect(await lookupLead(ctx, 'x')).toMatchObject({ found: null, message: 'HTTP 200 without lead_id' });
    buyer.answer((_r, res) => {
      res.writeHead(200).end('yes');
    });
    expect(await lookupLead(ctx, 'x')).toMatchObject({ found: null, message: 'HTTP 200 but the answer is not JSON' });
    buyer.answer((_r, res) => {
      setTimeout(() => res.writeHead(200).end('{"lead_id":"late"}'), 1500);
    });
    expect(await lookupLead(ctx, 'x')).toMatchObject({ found: null, message: 'No answer within 500 ms' });
    expect(await lookupLead({ ...ctx, allowPrivate: false }, 'x')).toMatchObject({ found: null });
    const none = await product({ lookup: null });
    buyer.received.length = 0;
    expect(await lookupLead(none, 'x')).toMatchObject({ found: null, message: 'No lookup configured' });
    expect(buyer.received).toHaveLength(0);
  });
});

describe('pullStatuses', () => {
  const items = (n: number, from: number) =>
    Array.from({ length: n }, (_, i) => ({ ref: `lead-${from + i}`, st: 'new' }));

  it('pages until a short page, filling since, page, size and offset', async () => {
    const ctx = await product({
      pull: { enabled: true, page_size: 2, items_path: 'data.items', id_path: 'ref', status_path: 'st' },
    });
    buyer.answer((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      const list = page === 1 ? items(2, 1) : page === 2 ? items(2, 3) : items(1, 5);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { items: list } }));
    });
    const since = new Date('2026-03-01T10:00:00.000Z');
    const out = await pullStatuses(ctx, since);
    expect(out.pages).toBe(3);
    expect(out.items.map((i) => i.lead_id)).toEqual(['lead-1', 'lead-2', 'lead-3', 'lead-4', 'lead-5']);
    expect(buyer.received.map((r) => r.url)).toEqual(
      [1, 2, 3].map(
        (p) =>
          `/statuses?from=2026-03-01T10%3A00%3A00.000Z&unix=${since.getTime() / 1000}&page=${p}&size=2&offset=${(p - 1) * 2}`,
      ),
    );
    expect(out.exchanges).toHaveLength(3);
  });

  it('stops at max_pages', async () => {
    const ctx = await product({
      pull: { enabled: true, page_size: 2, max_pages: 2, items_path: '', id_path: 'ref', status_path: 'st' },
    });
    buyer.json(200, items(2, 1));
    const out = await pullStatuses(ctx, new Date());
    expect(out).toMatchObject({ pages: 2 });
    expect(out.items).toHaveLength(4);
  });

  it('maps statuses (case-insensitive), keeps unmapped raw text, reads the FTD flag and the amount in minor units', async () => {
    const ctx = await product({
      pull: {
        enabled: true,
        items_path: 'items',
        match_by: 'external_id',
        id_path: 'id',
        status_path: 'state.name',
        ftd_path: 'state.ftd',
        amount_path: 'money',
        status_map: { Deposit: 'ftd', callback: 'call_back', trash: 'invalid' },
      },
    });
    buyer.json(200, {
      items: [
        { id: 11, state: { name: 'DEPOSIT', ftd: 'yes' }, money: '1,250.50' },
        { id: 12, state: { name: 'callback', ftd: false } },
        { id: 13, state: { name: 'Hot lead', ftd: 1 }, money: 99.99 },
        { id: 14, state: { name: 'deposit', ftd: 0 }, money: 'n/a' },
        { state: { name: 'trash' } },
      ],
    });
    const { items: got } = await pullStatuses(ctx, new Date());
    expect(got).toEqual([
      { lead_id: null, external_id: '11', raw_status: 'DEPOSIT', status: 'ftd', is_ftd: true, amount: 125050 },
      { lead_id: null, external_id: '12', raw_status: 'callback', status: 'call_back', is_ftd: false, amount: null },
      { lead_id: null, external_id: '13', raw_status: 'Hot lead', status: null, is_ftd: true, amount: 9999 },
      { lead_id: null, external_id: '14', raw_status: 'deposit', status: 'ftd', is_ftd: true, amount: null },
      { lead_id: null, external_id: null, raw_status: 'trash', status: 'invalid', is_ftd: false, amount: null },
    ]);
  });

  it('rejects with the calls made when a page fails or has no list', async () => {
    const ctx = await product({
      pull: { enabled: true, page_size: 1, items_path: 'items', id_path: 'ref', status_path: 'st' },
    });
    let n = 0;
    buyer.answer((_r, res) => {
      n += 1;
      if (n === 1)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: items(1, 1) }));
      else res.writeHead(502).end('bad gateway');
    });
    const failed = await pullStatuses(ctx, new Date()).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PullError);
    expect((failed as PullError).message).toBe('Page 2: HTTP 502');
    expect((failed as PullError).exchanges.map((e) => e.response.status_code)).toEqual([200, 502]);
    buyer.json(200, { items: 'none' });
    await expect(pullStatuses(ctx, new Date())).rejects.toThrow('Page 1: no list at items');
  });

  it('reads amounts in major units only', () => {
    expect([
      minorUnits(250),
      minorUnits('0.29'),
      minorUnits('1 000.5'),
      minorUnits(-5),
      minorUnits('abc'),
      minorUnits(null),
      minorUnits(true),
    ]).toEqual([25000, 29, 100050, null, null, null, null]);
  });
});
