import { createStore, useStore } from 'zustand';

type LoadingState = { open: number; start: () => void; finish: () => void };

/** Requests in flight (docs/product/screens-and-lists.md): counts open requests; the indicator shows while the count is above 0. */
export const createLoadingStore = () =>
  createStore<LoadingState>()((set) => ({
    open: 0,
    start: () => set((s) => ({ open: s.open + 1 })),
    finish: () => set((s) => ({ open: Math.max(0, s.open - 1) })),
  }));

export const loadingStore = createLoadingStore();

export const useOpenRequests = (): number => useStore(loadingStore, (s) => s.open);
