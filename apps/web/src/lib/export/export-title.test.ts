import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceExportComplete, exportTitleAt } from './export-title.ts';

const DONE = '✅ Export Complete!';

describe('exportTitleAt', () => {
  it('shows the complete title for 3 s on a visible tab, then restores', () => {
    expect(exportTitleAt('visible', 0, 'Panel')).toBe(DONE);
    expect(exportTitleAt('visible', 2999, 'Panel')).toBe(DONE);
    expect(exportTitleAt('visible', 3000, 'Panel')).toBeNull();
  });
  it('alternates once per second on a hidden tab, for as long as it stays hidden', () => {
    const seq = [0, 999, 1000, 1999, 2000, 3000, 60_000].map((t) => exportTitleAt('hidden', t, 'Panel'));
    expect(seq).toEqual([DONE, DONE, 'Panel', 'Panel', DONE, 'Panel', DONE]);
  });
});

function fakeDocument(hidden: boolean) {
  const listeners = new Set<() => void>();
  return {
    title: 'Net | Affiliates',
    hidden,
    addEventListener: (_: string, fn: () => void) => void listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => void listeners.delete(fn),
    show() {
      this.hidden = false;
      listeners.forEach((fn) => fn());
    },
    listeners,
  };
}

describe('announceExportComplete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('restores the title 3 s later on a visible tab', () => {
    const doc = fakeDocument(false);
    announceExportComplete(doc as unknown as Document, () => Date.now());
    expect(doc.title).toBe(DONE);
    vi.advanceTimersByTime(2900);
    expect(doc.title).toBe(DONE);
    vi.advanceTimersByTime(200);
    expect(doc.title).toBe('Net | Affiliates');
  });
  it('blinks while hidden and restores when the tab becomes visible', () => {
    const doc = fakeDocument(true);
    announceExportComplete(doc as unknown as Document, () => Date.now());
    const seen = [doc.title];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(1000);
      seen.push(doc.title);
    }
    expect(seen).toEqual([DONE, 'Net | Affiliates', DONE, 'Net | Affiliates', DONE]);
    doc.show();
    expect(doc.title).toBe('Net | Affiliates');
    expect(doc.listeners.size).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(doc.title).toBe('Net | Affiliates');
  });
  it('comes back to the page title after two exports in a row, not to the complete title', () => {
    const doc = fakeDocument(false);
    announceExportComplete(doc as unknown as Document, () => Date.now());
    vi.advanceTimersByTime(1000);
    announceExportComplete(doc as unknown as Document, () => Date.now());
    vi.advanceTimersByTime(3100);
    expect(doc.title).toBe('Net | Affiliates');
  });
  it('leaves the title of a page opened meanwhile alone', () => {
    const doc = fakeDocument(false);
    announceExportComplete(doc as unknown as Document, () => Date.now());
    doc.title = 'Net | Advertisers';
    vi.advanceTimersByTime(3100);
    expect(doc.title).toBe('Net | Advertisers');
  });
});
