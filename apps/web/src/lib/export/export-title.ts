import { EXPORT_COMPLETE_TITLE } from '@pxl/contract/csv/export-pages';
import { EXPORT_TITLE_BLINK_MS, EXPORT_TITLE_VISIBLE_MS } from '@pxl/contract/http/messages';

export type TitleMode = 'visible' | 'hidden';

/**
 * The tab title `elapsedMs` after an export completed (docs/product/screens-and-lists.md): while visible, "✅ Export Complete!"
 * for 3 s then null (restore); while hidden, alternating with the normal title once per second.
 */
export function exportTitleAt(mode: TitleMode, elapsedMs: number, normalTitle: string): string | null {
  if (mode === 'visible') return elapsedMs < EXPORT_TITLE_VISIBLE_MS ? EXPORT_COMPLETE_TITLE : null;
  return Math.floor(elapsedMs / EXPORT_TITLE_BLINK_MS) % 2 === 0 ? EXPORT_COMPLETE_TITLE : normalTitle;
}

type DocumentLike = Pick<Document, 'title' | 'hidden' | 'addEventListener' | 'removeEventListener'>;

/**
 * Shows the export-complete title on `doc` and restores the normal title when done: after 3 s on
 * a visible tab, or as soon as a hidden tab becomes visible. Returns a function that stops it early.
 */
let stopCurrent: (() => void) | null = null;

export function announceExportComplete(doc: DocumentLike = document, now: () => number = Date.now): () => void {
  // A second export inside the window must not capture "✅ Export Complete!" as the title to come back to.
  stopCurrent?.();
  const normalTitle = doc.title;
  const mode: TitleMode = doc.hidden ? 'hidden' : 'visible';
  const started = now();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
    // Restore only our own title: a page opened meanwhile has already set its own.
    if (doc.title === EXPORT_COMPLETE_TITLE) doc.title = normalTitle;
    if (stopCurrent === stop) stopCurrent = null;
  };
  const tick = () => {
    const title = exportTitleAt(mode, now() - started, normalTitle);
    if (title === null) stop();
    else doc.title = title;
  };
  const onVisibility = () => {
    if (!doc.hidden) stop();
  };
  const step = mode === 'visible' ? EXPORT_TITLE_VISIBLE_MS : EXPORT_TITLE_BLINK_MS;
  const timer = setInterval(tick, step);
  if (mode === 'hidden') doc.addEventListener('visibilitychange', onVisibility);
  stopCurrent = stop;
  tick();
  return stop;
}
