import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Full-page screenshots for looking at a screen by eye, taken only when E2E_SHOTS_DIR names a folder
 * (`E2E_SHOTS_DIR=/tmp/shots npm run test:e2e -- tickets.spec.ts`): a normal run spends no time on them.
 */
export const shot = async (page: Page, name: string, folder: string) => {
  const root = process.env.E2E_SHOTS_DIR;
  if (!root) return;
  const dir = path.join(root, folder);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};
