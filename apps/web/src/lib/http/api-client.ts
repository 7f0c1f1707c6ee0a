import type { Endpoint, ResponseOf } from '@pxl/contract/access/endpoint';
import { AUTH_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@pxl/contract/http/headers';
import { CROSS_DOMAIN_BLOCKED, DATA_LOADING_ERROR } from '@pxl/contract/http/messages';
import { isCrossDomainBlocked, isLocalHost } from '../host-rules.ts';
import { loadingStore } from '../loading-store.ts';
import { notifyError } from '../notifications/notification-store.ts';
import { sessionCookies } from '../session/session-cookies.ts';
import { ApiError } from './api-error.ts';
import { handleFailure } from './handle-failure.ts';
import { signRequest } from './sign-request.ts';

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (revoking the affiliate token on return). */
  token?: string;
  /** Skip notifications (docs/product/api-and-errors.md: check-user-data errors are not turned into notifications). */
  silent?: boolean;
};

/** Calls whose errors never become notifications (docs/product/api-and-errors.md). */
const SILENT_PATHS = new Set(['/api/auth/v1/check-user-data']);

export function buildUrl(path: string, params?: RequestOptions['params'], query?: RequestOptions['query']): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new ApiError(`Missing URL parameter "${name}"`, 'blocked', 0);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * The one way the panel talks to its server (docs/product/api-and-errors.md): same-origin base URL, the token header,
 * signing outside local hosts, the envelope and response-shape check, errors as notifications.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions = {},
): Promise<ResponseOf<E>> {
  const silent = options.silent ?? SILENT_PATHS.has(endpoint.path);
  const url = buildUrl(endpoint.path, options.params, options.query);
  if (isCrossDomainBlocked(url, window.location)) {
    if (!silent) notifyError(CROSS_DOMAIN_BLOCKED);
    throw new ApiError(CROSS_DOMAIN_BLOCKED, 'blocked', 0);
  }

  const token = options.token ?? sessionCookies.readSession().token ?? '';
  const body = endpoint.method === 'GET' || options.body === undefined ? '' : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers[AUTH_HEADER] = token;
  if (body) headers['Content-Type'] = 'application/json';
  if (!isLocalHost(window.location.hostname)) {
    const timestamp = String(Date.now());
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = await signRequest(timestamp, token, body);
  }

  loadingStore.getState().start();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers,
        body: body || undefined,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw new ApiError('Request cancelled', 'aborted', 0);
      throw handleFailure({ status: 0, payload: null, message: (error as Error).message || 'Network error', silent });
    }
    const payload: unknown = await response.json().catch(() => null);
    // Cancelled while the body was still arriving (a query left behind): not a failure to tell the user about.
    if (options.signal?.aborted) throw new ApiError('Request cancelled', 'aborted', 0);
    const envelope = payload as { status?: unknown; data?: unknown } | null;
    if (!response.ok || envelope?.status !== 'success') {
      throw handleFailure({
        status: response.status,
        payload,
        message: response.statusText || `HTTP ${response.status}`,
        silent,
      });
    }
    const parsed = endpoint.response.safeParse(envelope.data);
    if (!parsed.success) {
      console.error(`Unexpected response shape from ${endpoint.path}`, parsed.error.issues);
      if (!silent) notifyError(DATA_LOADING_ERROR);
      throw new ApiError(DATA_LOADING_ERROR, 'shape', response.status);
    }
    return parsed.data as ResponseOf<E>;
  } finally {
    loadingStore.getState().finish();
  }
}
