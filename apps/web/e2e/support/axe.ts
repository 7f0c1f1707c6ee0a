import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect as hardExpect, type Page } from '@playwright/test';

/** The rule sets the panel is held to (docs/decisions/029-accessibility.md). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeRuleCount {
  rule: string;
  impact: string;
  count: number;
  help: string;
  /** Up to three CSS targets of the failing elements. */
  examples: string[];
}

/**
 * Table rows past the fifth: they repeat the first rows' cells (one renderer per column), and checking the contrast
 * of every cell of a 100-row table takes seconds; five rows show each column's colours.
 */
const REPEATED_ROWS = 'tbody > tr:nth-child(n+6)';

/** Runs axe on the page as it is and returns its WCAG 2 A/AA violations grouped by rule, the most frequent first. */
export async function axeViolations(page: Page, o: { include?: string } = {}): Promise<AxeRuleCount[]> {
  // A drawer or menu still fading in has its text blended with the page behind: axe would measure that contrast.
  // Loaders spin for ever and are left out.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).exclude(REPEATED_ROWS);
  if (o.include) builder = builder.include(o.include);
  const { violations } = await builder.analyze();
  return violations
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      count: v.nodes.length,
      help: v.help,
      examples: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }))
    .sort((a, b) => b.count - a.count);
}

const summary = (found: AxeRuleCount[]) =>
  found.map((v) => `${v.rule} (${v.impact}) ×${v.count}: ${v.help}\n    ${v.examples.join('\n    ')}`).join('\n');

type Expect = typeof hardExpect;

/**
 * Fails (softly with a soft expect) on any WCAG 2 A/AA violation of the page as it is, naming the rules and example
 * elements. With E2E_A11Y_REPORT set to a file, each screen's violations and the time axe took are appended
 * to it as one JSON line.
 */
export async function expectAccessible(page: Page, screen: string, expect: Expect = hardExpect): Promise<void> {
  const started = Date.now();
  const found = await axeViolations(page);
  const report = process.env.E2E_A11Y_REPORT;
  if (report) {
    mkdirSync(path.dirname(report), { recursive: true });
    appendFileSync(report, `${JSON.stringify({ screen, ms: Date.now() - started, violations: found })}\n`);
  }
  expect(found, `WCAG 2 A/AA violations on ${screen}:\n${summary(found)}`).toEqual([]);
}
