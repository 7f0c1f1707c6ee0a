import Cookies from 'js-cookie';
import { appConfig } from '@/config/app-config.ts';

export const SESSION_FIELDS = ['token', 'role', 'uuid', 'type', 'email'] as const;
export type SessionField = (typeof SESSION_FIELDS)[number];
export type StoredSession = Partial<Record<SessionField, string>>;

/** The few cookie operations used; js-cookie in the browser, a map in tests. */
export type CookieJar = {
  get: (name: string) => string | undefined;
  set: (name: string, value: string) => void;
  remove: (name: string) => void;
};

/** Token lifetime on the server is 30 days; the cookie lives as long. */
const COOKIE_DAYS = 30;

export const browserCookieJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value) =>
    Cookies.set(name, value, {
      expires: COOKIE_DAYS,
      path: '/',
      sameSite: 'Lax',
      secure: typeof location !== 'undefined' && location.protocol === 'https:',
    }),
  remove: (name) => Cookies.remove(name, { path: '/' }),
};

/** Key names come from the deployment's prefix: `${prefix}_token`, and `${prefix}_old_token` for the copies. */
export const cookieName = (prefix: string, field: SessionField, old = false): string =>
  `${prefix}_${old ? 'old_' : ''}${field}`;

export function createSessionCookies(prefix: string, jar: CookieJar) {
  const read = (old: boolean): StoredSession => {
    const session: StoredSession = {};
    for (const field of SESSION_FIELDS) {
      const value = jar.get(cookieName(prefix, field, old));
      if (value) session[field] = value;
    }
    return session;
  };
  const write = (session: StoredSession, old: boolean) => {
    for (const field of SESSION_FIELDS) {
      const value = session[field];
      if (value) jar.set(cookieName(prefix, field, old), value);
      else jar.remove(cookieName(prefix, field, old));
    }
  };
  const clear = (old: boolean) => SESSION_FIELDS.forEach((field) => jar.remove(cookieName(prefix, field, old)));
  return {
    readSession: () => read(false),
    writeSession: (session: StoredSession) => write(session, false),
    clearSession: () => clear(false),
    readOldSession: () => read(true),
    writeOldSession: (session: StoredSession) => write(session, true),
    clearOldSession: () => clear(true),
    hasOldSession: () => Boolean(jar.get(cookieName(prefix, 'token', true))),
  };
}

export const sessionCookies = createSessionCookies(appConfig.cookiePrefix, browserCookieJar);
