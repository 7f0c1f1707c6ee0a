import { test, type BrowserContext, type Page } from '@playwright/test';
import type { Role } from '../../../../packages/contract/src/access/roles.ts';
import { defaultPath, pageTitleFor, routeTable, routesForRole } from '../../../../packages/contract/src/routes/index.ts';
import { loginViaUi, signedInContext } from './auth.ts';
import { BASE_URL } from './env.ts';
import { concretePath, expectNotFound, expectScreen, visit } from './pages.ts';

/** Paths outside the role's set, without parameters (each must show the 404 page). */
export const outsidePaths = (role: Role): string[] =>
  routeTable
    .filter((entry) => entry.roles !== 'guest' && !entry.roles.includes(role) && !entry.path.includes(':'))
    .map((entry) => entry.path);

/**
 * For one demo role: sign in through the form, then open every route of the role's set (route
 * table of packages/contract, parameters filled with a UUID) on one signed-in page, checking it
 * renders or lands on its default sub-route (spec §2.2), then paths outside the set (404).
 */
export function defineRouteSuite(role: Role): void {
  test.describe(`${role}: route set`, () => {
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      context = await signedInContext(browser, role);
      page = await context.newPage();
    });
    test.afterAll(async () => {
      await context?.close();
    });

    test('signs in through the login form and lands on /dashboard', async ({ browser }) => {
      const fresh = await browser.newContext({ baseURL: BASE_URL });
      await loginViaUi(await fresh.newPage(), role);
      await fresh.close();
    });

    for (const entry of routesForRole(role)) {
      const path = concretePath(entry.path);
      const landing = defaultPath(role, path) ?? path;
      test(landing === path ? `renders ${entry.path}` : `${entry.path} opens on ${landing}`, async () => {
        await visit(page, path);
        await expectScreen(page, landing, pageTitleFor(role, landing));
      });
    }

    test('paths outside the set and unknown paths show the 404 page', async () => {
      for (const path of [...outsidePaths(role), '/no-such-page', `/dashboard/${concretePath(':x')}`]) {
        await test.step(path, async () => {
          await visit(page, path);
          await expectNotFound(page, path);
        });
      }
    });
  });
}
