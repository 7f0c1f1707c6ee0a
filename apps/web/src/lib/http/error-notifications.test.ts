import { describe, expect, it } from 'vitest';
import { failureNotifications } from './error-notifications.ts';

describe('failures as notifications', () => {
  it.each([
    [400, '400: Bad request. Please check your input.'],
    [401, '401: Unauthorized. Please log in.'],
    [403, "403: Access forbidden. You don't have permission."],
    [404, '404: Page not found. Please check the URL.'],
    [500, '500: Server error. Please contact support.'],
    [502, '502: Bad gateway. Please try again later.'],
  ])('HTTP %i shows the catalogue text', (status, text) => {
    expect(failureNotifications({ status, envelopeError: null, message: 'x' })).toEqual([text]);
  });

  it("any other status shows the error's own message", () => {
    expect(failureNotifications({ status: 503, envelopeError: null, message: 'Service Unavailable' })).toEqual([
      'Service Unavailable',
    ]);
  });

  it('an error envelope gives one "key - message" per key', () => {
    expect(
      failureNotifications({ status: null, envelopeError: { email: 'Taken', name: 'Required' }, message: '' }),
    ).toEqual(['email - Taken', 'name - Required']);
  });

  it('catalogue codes inside an envelope become the standard text without the number', () => {
    expect(failureNotifications({ status: null, envelopeError: { token: '401', access: 403 }, message: '' })).toEqual([
      'token - Unauthorized. Please log in.',
      "access - Access forbidden. You don't have permission.",
    ]);
  });

  it('an HTTP failure with an envelope shows the catalogue text, then keys that add something', () => {
    expect(
      failureNotifications({
        status: 401,
        envelopeError: { auth: 'Unauthorized. Please log in.', code: 'Enter the code' },
        message: '',
      }),
    ).toEqual(['401: Unauthorized. Please log in.', 'code - Enter the code']);
  });

  it('a status outside the catalogue with an envelope shows its keys', () => {
    expect(
      failureNotifications({ status: 429, envelopeError: { rate_limit: 'Too many attempts' }, message: 'x' }),
    ).toEqual(['rate_limit - Too many attempts']);
  });

  it('a network failure shows its own message', () => {
    expect(failureNotifications({ status: null, envelopeError: null, message: 'Failed to fetch' })).toEqual([
      'Failed to fetch',
    ]);
  });
});
