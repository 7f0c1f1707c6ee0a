import { AUTH_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@pxl/contract/http/headers';
import { isLocalHost } from '../host-rules.ts';
import { sessionCookies } from '../session/session-cookies.ts';
import { ApiError } from './api-error.ts';
import { handleFailure } from './handle-failure.ts';
import { signRequest } from './sign-request.ts';

/**
 * Bytes to and from the API where JSON does not fit (file uploads, downloads), with the same token and signing as
 * apiRequest. The signature covers the timestamp and token only: the server signs the text of JSON bodies, and a
 * file is no text (docs/decisions/025-tickets.md). `form` is sent as multipart/form-data (the browser writes the
 * boundary into Content-Type, so none is set here).
 */
export async function rawRequest(
  url: string,
  init: { method: 'GET' | 'POST'; file?: Blob; form?: FormData },
): Promise<Response> {
  const token = sessionCookies.readSession().token ?? '';
  const headers: Record<string, string> = {};
  if (token) headers[AUTH_HEADER] = token;
  if (init.file) headers['Content-Type'] = 'application/octet-stream';
  if (!isLocalHost(window.location.hostname)) {
    const timestamp = String(Date.now());
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = await signRequest(timestamp, token, '');
  }
  let response: Response;
  try {
    response = await fetch(url, { method: init.method, headers, body: init.file ?? init.form });
  } catch (error) {
    throw handleFailure({
      status: 0,
      payload: null,
      message: (error as Error).message || 'Network error',
      silent: false,
    });
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    throw handleFailure({ status: response.status, payload, message: response.statusText, silent: false });
  }
  return response;
}

/** The `data` of a JSON envelope answered to a raw request. */
export async function envelopeData<T>(response: Response): Promise<T> {
  const payload = (await response.json().catch(() => null)) as { status?: string; data?: T } | null;
  if (payload?.status !== 'success') throw new ApiError('Unexpected answer', 'shape', response.status);
  return payload.data as T;
}
