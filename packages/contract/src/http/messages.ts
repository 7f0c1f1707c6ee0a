// Error catalogue and other user-facing texts of docs/product/api-and-errors.md, and the limits of docs/product/screens-and-lists.md.
// Texts are exact (including the documented misspelling "Coppied!").

export const HTTP_ERROR_TEXT = {
  400: '400: Bad request. Please check your input.',
  401: '401: Unauthorized. Please log in.',
  403: "403: Access forbidden. You don't have permission.",
  404: '404: Page not found. Please check the URL.',
  500: '500: Server error. Please contact support.',
  502: '502: Bad gateway. Please try again later.',
} as const satisfies Record<400 | 401 | 403 | 404 | 500 | 502, string>;

export type StandardErrorStatus = keyof typeof HTTP_ERROR_TEXT;

function standardStatus(code: number | string | null | undefined): StandardErrorStatus | null {
  if (code === null || code === undefined) return null;
  const text = String(code).trim();
  if (!/^\d{3}$/.test(text)) return null;
  const status = Number(text);
  return status in HTTP_ERROR_TEXT ? (status as StandardErrorStatus) : null;
}

/** Text of an HTTP failure notification: the catalogue text, else the error's own message. */
export function httpErrorText(status: number | null | undefined, fallbackMessage: string): string {
  const known = standardStatus(status);
  return known === null ? fallbackMessage : HTTP_ERROR_TEXT[known];
}

/** "Bad request. Please check your input." for 400 (or '400'); null when not a catalogue code. */
export function standardTextWithoutPrefix(code: number | string | null | undefined): string | null {
  const known = standardStatus(code);
  return known === null ? null : HTTP_ERROR_TEXT[known].slice(`${known}: `.length);
}

/**
 * One notification text per key of an error envelope, as "key - message"; a message that is one
 * of the catalogue codes becomes the standard text without its number prefix (docs/product/api-and-errors.md).
 */
export function errorEnvelopeMessages(error: Record<string, string | number> | null | undefined): string[] {
  if (!error || typeof error !== 'object') return [];
  return Object.entries(error).map(([key, message]) => {
    const text = standardTextWithoutPrefix(message) ?? String(message);
    return `${key} - ${text}`;
  });
}

export const COPIED = 'Coppied!';
export const DATA_LOADING_ERROR = 'Data loading error';
export const CROSS_DOMAIN_BLOCKED = 'Cross-domain request blocked';
export const ROUTE_ERROR_HEADING = 'Unexpected Application Error!';
export const GLOBAL_ERROR_TEXT = 'Something went wrong. Please contact support.';
export const GLOBAL_ERROR_COPY_BUTTON = 'Copy error details to send to support';
export const GLOBAL_ERROR_COPIED_ALERT = 'Error details copied to clipboard!';
export const GLOBAL_ERROR_RETURN_LINK = 'Click here to return to the main page.';

export const MAX_NOTIFICATIONS = 3;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const EXPORT_PAGE_SIZE = 100;
export const CONSTANTS_CACHE_MS = 24 * 60 * 60 * 1000;
export const RELOAD_DELAY_MS = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TEXT_CUT_LENGTH = 10;
/** Export-complete tab title: shown for 3 s when the tab is visible, else blinks every 1 s. */
export const EXPORT_TITLE_VISIBLE_MS = 3000;
export const EXPORT_TITLE_BLINK_MS = 1000;
