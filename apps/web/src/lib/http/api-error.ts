/** Why a call failed; `status` is the HTTP status (0 for network, blocked or shape failures). */
export type ApiErrorKind = 'http' | 'envelope' | 'network' | 'shape' | 'blocked' | 'aborted';

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly kind: ApiErrorKind,
    public readonly status: number,
    /** The envelope's `{key: message}` map, when the server sent one. */
    public readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Cancelled requests are neither notified nor reported. */
export const isAbortError = (error: unknown): boolean =>
  (error instanceof DOMException && error.name === 'AbortError') || (isApiError(error) && error.kind === 'aborted');
