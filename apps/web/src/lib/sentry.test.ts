import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@/config/app-config.ts';
import { ApiError } from './http/api-error.ts';
import { sentryWanted, shouldReport } from './sentry.ts';

describe('error reporting filter', () => {
  it('skips HTTP 400–599 and cancelled requests', () => {
    expect(shouldReport(new ApiError('x', 'http', 400))).toBe(false);
    expect(shouldReport(new ApiError('x', 'http', 599))).toBe(false);
    expect(shouldReport(new ApiError('x', 'aborted', 0))).toBe(false);
    expect(shouldReport(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('reports application errors', () => {
    expect(shouldReport(new TypeError('x is undefined'))).toBe(true);
    expect(shouldReport(new ApiError('Data loading error', 'shape', 200))).toBe(true);
  });

  it('is on only with a DSN and off on localhost', () => {
    const withDsn = appConfigSchema.parse({ sentryDsn: 'https://k@o1.ingest.sentry.io/1' });
    expect(sentryWanted(withDsn, 'panel.example.com')).toBe(true);
    expect(sentryWanted(withDsn, 'localhost')).toBe(false);
    expect(sentryWanted(appConfigSchema.parse({}), 'panel.example.com')).toBe(false);
  });
});
