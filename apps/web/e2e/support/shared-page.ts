import { test, type BrowserContext, type Page } from '@playwright/test';
import type { Role } from '@pxl/contract/access/roles';
import { signedInContext } from './auth.ts';

/**
 * One signed-in page for all tests of the enclosing describe (remembered storage, else a UI
 * sign-in), so a file signs in once per role. Returns a getter for use inside the tests.
 */
export function useSignedInPage(role: Role): () => Page {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await signedInContext(browser, role);
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!page) throw new Error(`no signed-in page for ${role}`);
    return page;
  };
}
