import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, scheduleChunkReload } from './chunk-reload.ts';

describe('chunk-load failures', () => {
  it.each([
    'Loading chunk 42 failed',
    'Loading CSS chunk settings failed',
    'Failed to fetch dynamically imported module: https://x/assets/a.js',
  ])('recognises "%s"', (message) => expect(isChunkLoadError(new Error(message))).toBe(true));

  it('ignores other errors', () => expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false));

  describe('reload', () => {
    const storage = new Map<string, string>();
    const reload = vi.fn();
    beforeEach(() => {
      vi.useFakeTimers();
      storage.clear();
      reload.mockReset();
      vi.stubGlobal('sessionStorage', {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
      });
      vi.stubGlobal('window', { location: { reload } });
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('reloads after 100 ms, at most once per 10 s', () => {
      expect(scheduleChunkReload(1_000_000)).toBe(true);
      vi.advanceTimersByTime(99);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledOnce();
      expect(scheduleChunkReload(1_005_000)).toBe(false);
      expect(scheduleChunkReload(1_010_001)).toBe(true);
    });
  });
});
