import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Browser } from '@playwright/test';
import { AUTH_HEADER } from '@pxl/contract/http/headers';
import { sessionCookies, signedInContext } from './auth.ts';
import { BASE_URL } from './env.ts';
import type { Role } from '@pxl/contract/access/roles';

/** Calls the panel API with a token, as the SPA does on a local host (no signature). */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  private headers = () => ({ [AUTH_HEADER]: this.token, Accept: 'application/json' });

  raw(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<APIResponse> {
    return this.request.fetch(`${BASE_URL}${path}`, {
      method,
      headers: this.headers(),
      ...(body === undefined ? {} : { data: body }),
    });
  }

  /** The `data` of a successful envelope; fails the test on any other answer. */
  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const response = await this.raw(method, path, body);
    const payload = (await response.json().catch(() => null)) as { status?: string; data?: T } | null;
    expect(response.status(), `${method} ${path}: ${JSON.stringify(payload)}`).toBe(200);
    expect(payload?.status).toBe('success');
    return payload!.data as T;
  }

  get = <T>(path: string) => this.call<T>('GET', path);
  post = <T>(path: string, body: unknown) => this.call<T>('POST', path, body);
}

export type Paged<T> = { list: T[]; count: number };
export type AffiliateRow = {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
  manager: { uuid: string; name: string } | null;
  geos: string[];
  tags: string[];
};

/**
 * An API client with the token of the role's remembered browser session (signing in through the
 * UI only when the run has none yet), so API set-up costs no extra login against the rate limit.
 */
export async function apiAs(browser: Browser, request: APIRequestContext, role: Role): Promise<Api> {
  const context = await signedInContext(browser, role);
  const { token } = await sessionCookies(context);
  await context.close();
  expect(token, `a remembered ${role} token`).toBeTruthy();
  return new Api(request, token);
}

/** An email no other run or test uses. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@e2e.test`;

/** The uuid of a staff member, found by email through the managers list. */
export async function managerUuid(api: Api, email: string): Promise<string> {
  const data = await api.get<Paged<{ uuid: string; email: string }>>(
    `/api/managers/v1/list?search=${encodeURIComponent(email)}`,
  );
  const found = data.list.find((m) => m.email === email);
  expect(found, `manager ${email}`).toBeTruthy();
  return found!.uuid;
}

/** Every affiliate matching a list query (pages of 100). */
export async function allAffiliates(api: Api, query: Record<string, string>): Promise<Paged<AffiliateRow>> {
  const list: AffiliateRow[] = [];
  let count = 0;
  for (let page = 1; ; page++) {
    const qs = new URLSearchParams({ ...query, page: String(page), count: '100' });
    const data = await api.get<Paged<AffiliateRow>>(`/api/affiliates/v1/list?${qs}`);
    list.push(...data.list);
    count = data.count;
    if (data.list.length < 100) break;
  }
  return { list, count };
}
