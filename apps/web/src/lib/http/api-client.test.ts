import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@pxl/contract/access/endpoint';
import { loadingStore } from '../loading-store.ts';
import { setNavigator } from '../navigation.ts';
import { notificationStore } from '../notifications/notification-store.ts';
import { sessionCookies } from '../session/session-cookies.ts';
import { apiRequest, buildUrl } from './api-client.ts';

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/test/v1/echo/:id',
  summary: 't',
  roles: 'public',
  body: z.object({ a: z.number() }),
  response: z.object({ ok: z.boolean() }),
});
const list = defineEndpoint({
  method: 'GET',
  path: '/api/test/v1/list',
  summary: 't',
  roles: 'public',
  response: z.object({ list: z.array(z.string()) }),
});

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const texts = () => notificationStore.getState().items.map((n) => n.text);

const setPage = (href: string) => {
  const url = new URL(href);
  vi.stubGlobal('window', {
    location: { href, host: url.host, hostname: url.hostname, origin: url.origin, pathname: url.pathname },
  });
};

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(sessionCookies, 'readSession').mockReturnValue({ token: 'tok', role: 'admin' });
  vi.spyOn(sessionCookies, 'clearSession').mockImplementation(() => {});
  notificationStore.getState().clear();
  setPage('https://panel.example.com/dashboard');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('says nothing when a request is cancelled while its body is read', async () => {
    const controller = new AbortController();
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      statusText: 'OK',
      json: () => {
        controller.abort();
        return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    await expect(apiRequest(list, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(texts()).toEqual([]);
  });

  it('sends the token and signs timestamp + token + exact body outside local hosts', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', data: { ok: true }, error: null }));
    await expect(apiRequest(echo, { params: { id: 7 }, body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/test/v1/echo/7');
    expect(init.body).toBe('{"a":1}');
    const headers = init.headers as Record<string, string>;
    expect(headers['PXL-AUTHORIZATION']).toBe('tok');
    const expected = createHash('sha256').update(`${headers['x-timestamp']}tok{"a":1}`).digest('hex');
    expect(headers['x-signature']).toBe(expected);
    expect(loadingStore.getState().open).toBe(0);
  });

  it('does not sign on a local host', async () => {
    setPage('http://localhost:3000/dashboard');
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', data: { list: [] }, error: null }));
    await apiRequest(list);
    expect(fetchMock.mock.calls[0][1].headers['x-signature']).toBeUndefined();
  });

  it('shows "Data loading error" when data has the wrong shape', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', data: { list: 'nope' }, error: null }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest(list)).rejects.toThrow('Data loading error');
    expect(texts()).toEqual(['Data loading error']);
  });

  it('401 notifies, clears the cookies and goes to /login', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 'error', data: null, error: { auth: 'Unauthorized. Please log in.' } }),
    );
    await expect(apiRequest(list)).rejects.toMatchObject({ status: 401 });
    expect(texts()).toEqual(['401: Unauthorized. Please log in.']);
    expect(sessionCookies.clearSession).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('check-user-data errors are not notified', async () => {
    const check = defineEndpoint({
      method: 'POST',
      path: '/api/auth/v1/check-user-data',
      summary: 't',
      roles: 'public',
      response: z.object({}),
    });
    fetchMock.mockResolvedValue(jsonResponse(429, { status: 'error', data: null, error: { rate_limit: 'Slow down' } }));
    await expect(apiRequest(check, { body: {} })).rejects.toMatchObject({ status: 429 });
    expect(texts()).toEqual([]);
  });

  it('refuses another host with "Cross-domain request blocked"', async () => {
    const foreign = defineEndpoint({
      method: 'GET',
      path: 'https://evil.example.net/api',
      summary: 't',
      roles: 'public',
      response: z.object({}),
    });
    await expect(apiRequest(foreign)).rejects.toThrow('Cross-domain request blocked');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(texts()).toEqual(['Cross-domain request blocked']);
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/x', undefined, { page: 1, action: undefined, q: '' })).toBe('/api/x?page=1');
  });
});
