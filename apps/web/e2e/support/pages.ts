import { expect as hardExpect, type Page } from '@playwright/test';
import { BASE_URL, PARTNER_TITLE } from './env.ts';

type Expect = typeof hardExpect;

/** A real-looking UUID v4 for route parameters ({uuid} and :id). */
export const SAMPLE_UUID = '3f1c9a2e-7b4d-4e8a-9c51-2d6f0b8e4a17';

/** Fills every `:name` / `{name}` segment of a route pattern with SAMPLE_UUID. */
export const concretePath = (pattern: string): string => pattern.replace(/:\w+|\{\w+\}/g, SAMPLE_UUID);

export const tabTitle = (section: string) => `${PARTNER_TITLE} | ${section}`;

export const notFoundHeading = (page: Page) => page.getByRole('heading', { name: '404', exact: true });
export const notFoundText = (page: Page) => page.getByText('Page not found', { exact: true });
export const routeErrorHeading = (page: Page) => page.getByText('Unexpected Application Error!');

const pathnameOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the URL's path is `path` (redirects of docs/product/routes.md are client-side). */
export async function expectPath(page: Page, path: string, expect: Expect = hardExpect): Promise<void> {
  await expect.poll(() => pathnameOf(page), { message: 'URL path' }).toBe(path);
}

/**
 * The screen at `path` rendered: the URL is there, the main area has content and no loader,
 * no 404 page, no route error fallback, and the tab title is "{partner title} | {section}".
 */
export async function expectScreen(
  page: Page,
  path: string,
  section: string,
  expect: Expect = hardExpect,
): Promise<void> {
  await expectPath(page, path, expect);
  await expectRendered(page, expect);
  await expect(page).toHaveTitle(tabTitle(section));
}

/** A signed-in screen is showing: content in the main area, not the 404 page or the route error. */
export async function expectRendered(page: Page, expect: Expect = hardExpect): Promise<void> {
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  await expect(main.getByTestId('loader')).toHaveCount(0);
  await expect(main).not.toBeEmpty();
  await expect(notFoundHeading(page)).toHaveCount(0);
  await expect(notFoundText(page)).toHaveCount(0);
  await expect(routeErrorHeading(page)).toHaveCount(0);
}

/** The not-found page: heading "404", text "Page not found", and the URL kept. */
export async function expectNotFound(page: Page, path: string, expect: Expect = hardExpect): Promise<void> {
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(notFoundText(page)).toBeVisible();
  await expect(routeErrorHeading(page)).toHaveCount(0);
  expect(pathnameOf(page), 'the URL stays on the unknown path').toBe(path);
  await expect(page).toHaveTitle(tabTitle('Page not found'));
}

const NAVIGATING = '(e2e: navigating)';

/**
 * Opens a path. When the SPA is already loaded, navigates client-side (a history entry plus a
 * popstate event, which the data router follows like a back/forward step) and waits for the
 * router to commit the new location: the root layout then rewrites the tab title, which was set
 * to a marker just before. Otherwise (first visit, same path) loads the page.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const current = page.url().startsWith(BASE_URL) ? new URL(page.url()) : null;
  if (!current || current.pathname + current.search === path) {
    await page.goto(path);
    return;
  }
  await page.evaluate(
    ([to, marker]) => {
      document.title = marker;
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    [path, NAVIGATING] as const,
  );
  await hardExpect(page, `the router commits ${path}`).not.toHaveTitle(NAVIGATING);
}
