import { expect, type BrowserContext, type Page } from '@playwright/test';

// A success notification fades after 5 s. On a loaded machine the test may look later than that, and would fail on
// timing although the message was shown. A recorder in each page of the context keeps every notification text the
// moment it is rendered, so a test decides on what the page showed, not on when it looked.

declare global {
  interface Window {
    __shownNotices?: string[];
  }
}

/** Records, in every page of the context, each notification text shown (call before the pages are opened). */
export async function recordNotices(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = [];
    window.__shownNotices = shown;
    const collect = () => {
      for (const alert of document.querySelectorAll('[data-testid="notifications"] [role="alert"]')) {
        const text = alert.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    };
    new MutationObserver(collect).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const matches = (text: string, wanted: string | RegExp) =>
  typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text);

/** Waits until the page has shown a notification with this text (still shown or already faded); returns its text. */
export async function expectNotice(page: Page, wanted: string | RegExp): Promise<string> {
  const find = async () => {
    const shown = await page.evaluate(() => window.__shownNotices);
    if (!shown) throw new Error('no notice recorder in this page: create its context with recordNotices');
    return shown.find((text) => matches(text, wanted)) ?? null;
  };
  await expect.poll(find, { message: `a notification with ${String(wanted)}` }).not.toBeNull();
  return (await find()) as string;
}
