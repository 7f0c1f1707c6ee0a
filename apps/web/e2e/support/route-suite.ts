import { expect, test } from '@playwright/test';
import type { Role } from '@pxl/contract/access/roles';
import { defaultPath, pageTitleFor, routeTable, routesForRole, type RouteEntry } from '@pxl/contract/routes/index';
import { loginViaUi } from './auth.ts';
import { expectAccessible } from './axe.ts';
import { BASE_URL } from './env.ts';
import { concretePath, expectNotFound, expectScreen, visit } from './pages.ts';
import { useSignedInPage } from './shared-page.ts';

/** Paths outside the role's set, without parameters (each must show the 404 page). */
export const outsidePaths = (role: Role): string[] =>
  routeTable
    .filter((entry) => entry.roles !== 'guest' && !entry.roles.includes(role) && !entry.path.includes(':'))
    .map((entry) => entry.path);

/** The role's routes grouped by header section, in table order. */
function sectionsOf(role: Role): Map<string, RouteEntry[]> {
  const sections = new Map<string, RouteEntry[]>();
  for (const entry of routesForRole(role)) sections.set(entry.section, [...(sections.get(entry.section) ?? []), entry]);
  return sections;
}

// Soft: one broken route is reported by its step and the rest of the section is still checked.
const soft = expect.configure({ soft: true });

/**
 * For one demo role: sign in through the form, then open every route of the role's set (route
 * table of packages/contract, parameters filled with a UUID) on one signed-in page, navigating
 * client-side; each must render (or land on its default sub-route, docs/product/routes.md) with its tab
 * title, never the 404 page or the route error fallback, and without WCAG 2 A/AA violations as axe sees them
 * (docs/decisions/029-accessibility.md). Paths outside the set show the 404 page.
 * One test per section, one step per route, to keep the per-test overhead (traces) low.
 */
export function defineRouteSuite(role: Role, o: { sameAs?: Role } = {}): void {
  test.describe(`${role}: route set`, () => {
    const signedIn = useSignedInPage(role);

    // A role with another's route set, scope and screens (no screen tells them apart) renders the first route of
    // each section here; the other role's suite renders every route. The sets are compared first.
    if (o.sameAs) {
      const twin = o.sameAs;
      test(`has the same route set as ${twin}`, () => {
        expect(routesForRole(role).map((e) => e.path)).toEqual(routesForRole(twin).map((e) => e.path));
      });
    }

    test('signs in through the login form and lands on /dashboard', async ({ browser }) => {
      const fresh = await browser.newContext({ baseURL: BASE_URL });
      await loginViaUi(await fresh.newPage(), role);
      await fresh.close();
    });

    for (const [section, all] of sectionsOf(role)) {
      const entries = o.sameAs ? all.slice(0, 1) : all;
      test(`${section}: ${o.sameAs ? 'its first route renders' : 'every route renders'} (${entries.length})`, async () => {
        // The config's 300 s plus a budget per screen: a guard against a hang, never a verdict on speed.
        test.setTimeout(300_000 + entries.length * 20_000);
        const page = signedIn();
        for (const entry of entries) {
          const path = concretePath(entry.path);
          const landing = defaultPath(role, path) ?? path;
          await test.step(landing === path ? entry.path : `${entry.path} → ${landing}`, async () => {
            await visit(page, path);
            await expectScreen(page, landing, pageTitleFor(role, landing), soft);
            await expectAccessible(page, `${role} ${landing}`, soft);
          });
        }
      });
    }

    test('paths outside the set and unknown paths show the 404 page', async () => {
      const paths = [...outsidePaths(role), '/no-such-page', `/dashboard/${concretePath(':x')}`];
      test.setTimeout(300_000 + paths.length * 20_000);
      const page = signedIn();
      for (const path of paths) {
        await test.step(path, async () => {
          await visit(page, path);
          await expectNotFound(page, path, soft);
        });
      }
    });
  });
}
