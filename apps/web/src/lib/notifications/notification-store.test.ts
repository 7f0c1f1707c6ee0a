import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore } from './notification-store.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('notification store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps at most 3; a fourth removes the oldest', () => {
    const store = createNotificationStore(null);
    for (const text of ['one', 'two', 'three', 'four']) store.getState().add('error', text);
    expect(store.getState().items.map((n) => n.text)).toEqual(['four', 'three', 'two']);
  });

  it('gives UUID v4 ids and removes one by id', () => {
    const store = createNotificationStore(null);
    const a = store.getState().add('error', 'a');
    store.getState().add('success', 'b');
    expect(a).toMatch(UUID_V4);
    store.getState().remove(a);
    expect(store.getState().items.map((n) => n.text)).toEqual(['b']);
  });

  it('clears all at once', () => {
    const store = createNotificationStore(null);
    store.getState().add('error', 'a');
    store.getState().add('error', 'b');
    store.getState().clear();
    expect(store.getState().items).toEqual([]);
  });

  it('success fades after the delay, errors stay', () => {
    vi.useFakeTimers();
    const store = createNotificationStore(5000);
    store.getState().add('success', 'saved');
    store.getState().add('error', 'failed');
    vi.advanceTimersByTime(5000);
    expect(store.getState().items.map((n) => n.text)).toEqual(['failed']);
  });
});
