import { describe, expect, it } from 'vitest';
import { httpCallSchema } from '@pxl/contract';
import { buildRequest, fillText, maskSecrets, MASK, readPath } from './template.ts';

const values = {
  vars: {
    first_name: 'Zoë & Co',
    email: 'a+b@mail.test',
    lead_id: 'L-1',
    panel_url: 'http://127.0.0.1:4000',
    product_id: 'P-9',
    phone: '+49 151',
  },
  credentials: { api_key: 'k3y/with?odd=chars', token: 'tok' },
};
const call = (over: Record<string, unknown>) => httpCallSchema.parse({ url: 'https://buyer.example/x', ...over });

describe('macros', () => {
  it('URL-encodes values in URLs, keeps {panel_url} as an address, leaves unknown macros visible', () => {
    const url = fillText(
      '{panel_url}/sandbox/v1/{product_id}/leads?e={email}&n={first_name}&k={credentials.api_key}&x={nope}&c={credentials.missing}',
      values,
      'url',
    );
    expect(url).toBe(
      'http://127.0.0.1:4000/sandbox/v1/P-9/leads?e=a%2Bb%40mail.test&n=Zo%C3%AB%20%26%20Co&k=k3y%2Fwith%3Fodd%3Dchars&x={nope}&c={credentials.missing}',
    );
    expect(fillText('?k={credentials.api_key}', values, 'url', true)).toBe(`?k=${MASK}`);
  });

  it('builds a nested JSON body from dotted names, raw values, and a JSON content type', () => {
    const req = buildRequest(
      call({
        method: 'POST',
        headers: { Authorization: 'Bearer {credentials.api_key}' },
        body_format: 'json',
        body: {
          'lead.email': '{email}',
          'lead.name.first': '{first_name}',
          id: '{lead_id}',
          key: '{credentials.token}',
        },
      }),
      values,
    );
    expect(JSON.parse(req.body)).toEqual({
      lead: { email: 'a+b@mail.test', name: { first: 'Zoë & Co' } },
      id: 'L-1',
      key: 'tok',
    });
    expect(req.headers).toEqual({ Authorization: 'Bearer k3y/with?odd=chars', 'Content-Type': 'application/json' });
    const masked = buildRequest(
      call({
        method: 'POST',
        headers: { Authorization: 'Bearer {credentials.api_key}' },
        body: { key: '{credentials.token}' },
      }),
      values,
      true,
    );
    expect(masked.headers.Authorization).toBe(`Bearer ${MASK}`);
    expect(JSON.parse(masked.body)).toEqual({ key: MASK });
  });

  it('builds a form body, keeps a content type the template sets, and sends no body on GET or none', () => {
    const form = buildRequest(call({ body_format: 'form', body: { email: '{email}', name: '{first_name}' } }), values);
    expect(form.body).toBe('email=a%2Bb%40mail.test&name=Zo%C3%AB+%26+Co');
    expect(new URLSearchParams(form.body).get('name')).toBe('Zoë & Co');
    expect(form.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const own = buildRequest(
      call({ headers: { 'content-type': 'application/vnd.buyer+json' }, body: { a: '1' } }),
      values,
    );
    expect(own.headers).toEqual({ 'content-type': 'application/vnd.buyer+json' });
    expect(buildRequest(call({ method: 'GET', body: { a: '1' } }), values).body).toBe('');
    expect(buildRequest(call({ body_format: 'none', body: { a: '1' } }), values)).toMatchObject({
      body: '',
      headers: {},
    });
  });

  it('a stored template with prototype field names builds plain fields and never touches Object.prototype', () => {
    // Straight from storage, past the schema that refuses such names today.
    const stored = {
      ...call({}),
      method: 'POST' as const,
      body_format: 'json' as const,
      body: {
        '__proto__.password': '{email}',
        'constructor.prototype.polluted': 'yes',
        'lead.__proto__': 'x',
        ok: '1',
      },
    };
    const req = buildRequest(stored, values);
    const probe = {} as Record<string, unknown>;
    expect(probe.password).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('password');
    expect(JSON.parse(req.body)).toMatchObject({ ok: '1' });
    expect(req.body).toContain('"__proto__":{"password":"a+b@mail.test"}');
    expect(req.body).toContain('"constructor":{"prototype":{"polluted":"yes"}}');
    expect(req.body).toContain('"lead":{"__proto__":"x"}');
  });

  it('negative: the schema refuses __proto__, constructor and prototype in body field names', () => {
    for (const name of ['__proto__.password', 'a.constructor', 'prototype', 'lead.prototype.x']) {
      const parsed = httpCallSchema.safeParse({ url: 'https://buyer.example/x', body: { [name]: '1' } });
      expect(parsed.success, name).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ['body'],
        message: 'A field name may not contain __proto__, constructor, prototype',
      });
    }
    expect(
      httpCallSchema.safeParse({ url: 'https://buyer.example/x', body: { 'lead.proto': '1', constructors: '2' } })
        .success,
    ).toBe(true);
  });

  it('keeps line breaks of lead data out of headers', () => {
    const req = buildRequest(call({ headers: { 'X-Name': '{first_name}' } }), {
      ...values,
      vars: { ...values.vars, first_name: 'a\r\nX-Evil: 1' },
    });
    expect(req.headers['X-Name']).toBe('a X-Evil: 1');
  });
});

describe('masking and paths', () => {
  it('masks a credential in every encoding it can travel in, and leaves very short values alone', () => {
    const creds = { api_key: 'k3y/with?odd=chars "q"', id: '77' };
    const text = `raw k3y/with?odd=chars "q" url ${encodeURIComponent(creds.api_key)} form ${new URLSearchParams({ a: creds.api_key })} json ${JSON.stringify(creds.api_key)} phone 4977`;
    const masked = maskSecrets(text, creds);
    expect(masked).not.toContain('k3y');
    expect(masked).toContain('phone 4977');
    expect(masked.split(MASK)).toHaveLength(5);
  });

  it('reads dotted paths through objects and arrays', () => {
    const json = { data: { lead: { id: 42 } }, items: [{ status: 'new' }], flag: false };
    expect(readPath(json, 'data.lead.id')).toBe(42);
    expect(readPath(json, 'items.0.status')).toBe('new');
    expect(readPath(json, 'flag')).toBe(false);
    expect(readPath(json, 'data.missing.deeper')).toBeUndefined();
    expect(readPath(json, '')).toBeUndefined();
    expect(readPath('text', 'a')).toBeUndefined();
  });
});
