import { RELOAD_DELAY_MS } from '@pxl/contract/http/messages';

const CHUNK_ERROR =
  /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
const LAST_RELOAD_KEY = 'pxl:last-chunk-reload';
/** One automatic reload per window: a chunk that stays missing must not loop the page. */
const RELOAD_GUARD_MS = 10_000;

export const isChunkLoadError = (error: unknown): boolean => {
  const message = typeof error === 'string' ? error : ((error as { message?: string } | null)?.message ?? '');
  return CHUNK_ERROR.test(message) || (error as { name?: string } | null)?.name === 'ChunkLoadError';
};

/** Load failures (docs/product/api-and-errors.md): reload after 100 ms, at most once per 10 s. Returns whether it will reload. */
export function scheduleChunkReload(now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // Storage may be blocked; reloading once without the guard is still better than a dead page.
  }
  setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  return true;
}

/** Watches for failed app chunks: vite's preload errors, failed script/link tags, and rejected imports. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    scheduleChunkReload();
  });
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as HTMLElement | null;
      // Only the app's own scripts and styles: a blocked third-party tag is no reason to reload.
      const url =
        target instanceof HTMLScriptElement
          ? target.src
          : target instanceof HTMLLinkElement && target.rel === 'stylesheet'
            ? target.href
            : '';
      const isResource = url.startsWith(`${window.location.origin}/assets/`);
      if (isResource || isChunkLoadError(event.error ?? event.message)) scheduleChunkReload();
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) scheduleChunkReload();
  });
}
