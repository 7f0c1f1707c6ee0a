import { describe, expect, it } from 'vitest';
import { createViewportStore } from './viewport-store.ts';

describe('viewport class store', () => {
  it('defaults to 1920 / desktop', () => {
    expect(createViewportStore().getState()).toMatchObject({ width: 1920, viewport: 'desktop' });
  });

  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'laptop'],
    [1439, 'laptop'],
    [1440, 'laptopL'],
    [1919, 'laptopL'],
    [1920, 'desktop'],
    [2560, 'desktop'],
  ] as const)('%i → %s', (width, expected) => {
    const store = createViewportStore();
    store.getState().setWidth(width);
    expect(store.getState().viewport).toBe(expected);
  });
});
