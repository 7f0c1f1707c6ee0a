import { describe, expect, it, vi } from 'vitest';
import { parseAppConfig } from './app-config.ts';

describe('app config', () => {
  it('falls back to defaults when absent', () => {
    expect(parseAppConfig(undefined)).toEqual({
      cookiePrefix: 'pxl',
      sentryDsn: null,
      environment: 'development',
      release: 'dev',
    });
  });

  it('reads the server values', () => {
    const raw = { cookiePrefix: 'acme', sentryDsn: 'https://k@s/1', environment: 'production', release: '1.2.3' };
    expect(parseAppConfig(raw)).toEqual(raw);
  });

  it('ignores a broken config with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseAppConfig({ cookiePrefix: 'bad prefix!' }).cookiePrefix).toBe('pxl');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
