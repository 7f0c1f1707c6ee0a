import { createStore, useStore } from 'zustand';
import { MAX_NOTIFICATIONS } from '@pxl/contract/http/messages';

export type NotificationType = 'error' | 'success';
export type AppNotification = { id: string; type: NotificationType; text: string };

type NotificationState = {
  /** Newest first; the last one is the oldest and is the one dropped past the limit. */
  items: AppNotification[];
  add: (type: NotificationType, text: string) => string;
  remove: (id: string) => void;
  clear: () => void;
};

/** Success messages fade on their own; errors stay until closed so they are not missed. */
export const SUCCESS_DISMISS_MS = 5000;

const newId = (): string => globalThis.crypto.randomUUID();

export const createNotificationStore = (autoDismissMs: number | null = SUCCESS_DISMISS_MS) =>
  createStore<NotificationState>()((set, get) => ({
    items: [],
    add: (type, text) => {
      const id = newId();
      set({ items: [{ id, type, text }, ...get().items].slice(0, MAX_NOTIFICATIONS) });
      if (type === 'success' && autoDismissMs !== null) setTimeout(() => get().remove(id), autoDismissMs);
      return id;
    },
    remove: (id) => set({ items: get().items.filter((item) => item.id !== id) }),
    clear: () => set({ items: [] }),
  }));

export const notificationStore = createNotificationStore();

export const useNotifications = <T>(selector: (state: NotificationState) => T): T =>
  useStore(notificationStore, selector);

export const notifyError = (text: string): string => notificationStore.getState().add('error', text);
export const notifySuccess = (text: string): string => notificationStore.getState().add('success', text);
export const clearNotifications = (): void => notificationStore.getState().clear();
