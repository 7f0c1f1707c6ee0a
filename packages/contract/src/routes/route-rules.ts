import type { Role } from '../access/roles.ts';
import { buildPath } from './build-path.ts';
import { matchPath } from './match-path.ts';
import { routeTable, type RouteEntry } from './route-table.ts';

/** Title of the not-found page; also the tab title of any unknown path. */
export const NOT_FOUND_TITLE = 'Page not found';

const isRole = (access: RouteEntry['roles'], role: Role): boolean => access !== 'guest' && access.includes(role);

/** The route entry a concrete pathname belongs to, or null for an unknown path. */
export function findRoute(pathname: string): RouteEntry | null {
  return routeTable.find((entry) => matchPath(entry.path, pathname) !== null) ?? null;
}

/** Every signed-in route the role may visit (docs/product/routes.md). */
export function routesForRole(role: Role): RouteEntry[] {
  return routeTable.filter((entry) => isRole(entry.roles, role));
}

/** Pages for signed-out users only: auth pages and the public documents. */
export function guestRoutes(): RouteEntry[] {
  return routeTable.filter((entry) => entry.roles === 'guest');
}

export const isGuestPath = (pathname: string): boolean => findRoute(pathname)?.roles === 'guest';

/** Whether the role may open this concrete path; anything else shows the not-found page. */
export function canVisit(role: Role | null, pathname: string): boolean {
  const entry = findRoute(pathname);
  if (!entry) return false;
  if (entry.roles === 'guest') return role === null;
  return role !== null && isRole(entry.roles, role);
}

/** The redirect pattern of an entry for a role (docs/product/routes.md), or null when the entry is a page. */
export function redirectFor(entry: RouteEntry, role: Role): string | null {
  if (!entry.redirect) return null;
  if (typeof entry.redirect === 'string') return entry.redirect;
  return entry.redirect[role] ?? null;
}

/**
 * Where a visited path lands (docs/product/routes.md default sub-routes), following redirects, with the
 * parameters carried over. Returns the path itself when it is a page, null when not visitable.
 */
export function defaultPath(role: Role, pathname: string): string | null {
  let current = pathname;
  for (let hop = 0; hop < 5; hop++) {
    const entry = findRoute(current);
    if (!entry || !isRole(entry.roles, role)) return null;
    const target = redirectFor(entry, role);
    if (!target) return current;
    current = buildPath(target, matchPath(entry.path, current) ?? {});
  }
  return current;
}

/** The section part of the tab title (docs/product/routes.md). */
export function pageTitle(pathname: string): string {
  return findRoute(pathname)?.title ?? NOT_FOUND_TITLE;
}

/** The section title as a role sees it: a path outside its set shows the not-found page, so its title. */
export function pageTitleFor(role: Role | null, pathname: string): string {
  const entry = findRoute(pathname);
  if (!entry) return NOT_FOUND_TITLE;
  if (role && entry.roles !== 'guest' && !isRole(entry.roles, role)) return NOT_FOUND_TITLE;
  return entry.title;
}

/** The tab title is "{partner title} | {section}" (docs/product/README.md). */
export const tabTitle = (partnerTitle: string, pathname: string, role: Role | null = null): string => {
  const section = pageTitleFor(role, pathname);
  return partnerTitle ? `${partnerTitle} | ${section}` : section;
};
