import { createStore, useStore } from 'zustand';
import { DEFAULT_VIEWPORT, viewportClass, type ViewportClass } from '@pxl/contract/format/viewport';

type ViewportState = { width: number; viewport: ViewportClass; setWidth: (width: number) => void };

/** The viewport class of docs/product/screens-and-lists.md; starts at 1920 / desktop until the first measurement. */
export const createViewportStore = () =>
  createStore<ViewportState>()((set) => ({
    width: DEFAULT_VIEWPORT.width,
    viewport: DEFAULT_VIEWPORT.class,
    setWidth: (width) => set({ width, viewport: viewportClass(width) }),
  }));

export const viewportStore = createViewportStore();

export const useViewport = (): ViewportClass => useStore(viewportStore, (s) => s.viewport);

/** Measures now and on every resize; returns the unsubscribe function. */
export function installViewportListener(target: Window = window): () => void {
  const update = () => viewportStore.getState().setWidth(target.innerWidth);
  update();
  target.addEventListener('resize', update);
  return () => target.removeEventListener('resize', update);
}
