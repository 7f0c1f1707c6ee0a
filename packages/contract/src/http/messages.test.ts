import { describe, it, expect } from 'vitest';
import {
  HTTP_ERROR_TEXT,
  httpErrorText,
  standardTextWithoutPrefix,
  errorEnvelopeMessages,
  COPIED,
  DATA_LOADING_ERROR,
  CROSS_DOMAIN_BLOCKED,
  ROUTE_ERROR_HEADING,
  GLOBAL_ERROR_TEXT,
  GLOBAL_ERROR_COPY_BUTTON,
  GLOBAL_ERROR_COPIED_ALERT,
  GLOBAL_ERROR_RETURN_LINK,
  MAX_NOTIFICATIONS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  EXPORT_PAGE_SIZE,
  CONSTANTS_CACHE_MS,
  RELOAD_DELAY_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  TEXT_CUT_LENGTH,
} from './messages.ts';

describe('HTTP error catalogue', () => {
  it('holds the exact texts of the error catalogue', () => {
    expect(HTTP_ERROR_TEXT).toEqual({
      400: '400: Bad request. Please check your input.',
      401: '401: Unauthorized. Please log in.',
      403: "403: Access forbidden. You don't have permission.",
      404: '404: Page not found. Please check the URL.',
      500: '500: Server error. Please contact support.',
      502: '502: Bad gateway. Please try again later.',
    });
  });

  it('httpErrorText gives the catalogue text or the error message', () => {
    expect(httpErrorText(404, 'Request failed')).toBe('404: Page not found. Please check the URL.');
    expect(httpErrorText(401, 'x')).toBe('401: Unauthorized. Please log in.');
    expect(httpErrorText(409, 'Conflict happened')).toBe('Conflict happened');
    expect(httpErrorText(503, 'Service unavailable')).toBe('Service unavailable');
    expect(httpErrorText(undefined, 'Network Error')).toBe('Network Error');
  });

  it('standardTextWithoutPrefix strips "NNN: "', () => {
    expect(standardTextWithoutPrefix(400)).toBe('Bad request. Please check your input.');
    expect(standardTextWithoutPrefix('403')).toBe("Access forbidden. You don't have permission.");
    expect(standardTextWithoutPrefix(502)).toBe('Bad gateway. Please try again later.');
    expect(standardTextWithoutPrefix(418)).toBeNull();
    expect(standardTextWithoutPrefix('oops')).toBeNull();
  });
});

describe('errorEnvelopeMessages', () => {
  it('gives one "key - message" per key', () => {
    expect(errorEnvelopeMessages({ email: 'Email is taken', password: 'Too short' })).toEqual([
      'email - Email is taken',
      'password - Too short',
    ]);
  });

  it('replaces a catalogue code, number or string, with the standard text', () => {
    expect(errorEnvelopeMessages({ auth: 401, offer: '404', server: ' 500 ' })).toEqual([
      'auth - Unauthorized. Please log in.',
      'offer - Page not found. Please check the URL.',
      'server - Server error. Please contact support.',
    ]);
  });

  it('keeps other codes and numbers as they are', () => {
    expect(errorEnvelopeMessages({ limit: 409, count: 5 })).toEqual(['limit - 409', 'count - 5']);
    expect(errorEnvelopeMessages(null)).toEqual([]);
  });
});

describe('other texts and limits', () => {
  it('holds the exact texts', () => {
    expect(COPIED).toBe('Coppied!');
    expect(DATA_LOADING_ERROR).toBe('Data loading error');
    expect(CROSS_DOMAIN_BLOCKED).toBe('Cross-domain request blocked');
    expect(ROUTE_ERROR_HEADING).toBe('Unexpected Application Error!');
    expect(GLOBAL_ERROR_TEXT).toBe('Something went wrong. Please contact support.');
    expect(GLOBAL_ERROR_COPY_BUTTON).toBe('Copy error details to send to support');
    expect(GLOBAL_ERROR_COPIED_ALERT).toBe('Error details copied to clipboard!');
    expect(GLOBAL_ERROR_RETURN_LINK).toBe('Click here to return to the main page.');
  });

  it('holds the documented limits', () => {
    expect(MAX_NOTIFICATIONS).toBe(3);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(EXPORT_PAGE_SIZE).toBe(100);
    expect(CONSTANTS_CACHE_MS).toBe(86_400_000);
    expect(RELOAD_DELAY_MS).toBe(100);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(TEXT_CUT_LENGTH).toBe(10);
  });
});
