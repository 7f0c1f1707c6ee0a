import { expect, test, type Page } from '@playwright/test';
import { useSignedInPage } from './support/shared-page.ts';

// The dashboard (docs/product/statistics.md): an admin sees today / yesterday / this month with their changes, the
// 30-day chart with a metric switch, the tops linking into the statistics and the caps block; an affiliate sees their
// own figures with payouts and never revenue or profit, neither on screen nor in what the server sent.

type Summary = {
  month: { current: { clicks: number; revenue?: Record<string, number> } };
  top_affiliates: unknown[];
  caps_near_full?: unknown[];
};

/** Opens the dashboard and returns the summary the screen was drawn from. */
async function openDashboard(page: Page): Promise<Summary> {
  const response = page.waitForResponse((r) => r.url().includes('/api/dashboard/v1/summary') && r.status() === 200);
  await page.goto('/dashboard');
  const summary = (await (await response).json()).data as Summary;
  await expect(page.getByTestId('dashboard-figures')).toBeVisible();
  return summary;
}

test.describe('dashboard as admin', () => {
  const page = useSignedInPage('admin');

  test('figures of three periods with their change, the chart, the tops and the caps', async () => {
    const p = page();
    const summary = await openDashboard(p);
    expect(summary.month.current.clicks).toBeGreaterThan(0);
    for (const period of ['period-today', 'period-yesterday', 'period-month']) {
      const card = p.getByTestId(period);
      for (const figure of ['clicks', 'conversions', 'revenue', 'payout', 'profit'])
        await expect(card.getByTestId(`figure-${figure}`)).toBeVisible();
      await expect(card.getByTestId('figure-change').first()).toHaveText(/^([+−]\d+(\.\d)?%|0%|new)$/);
    }
    await expect(p.getByTestId('period-month').getByTestId('figure-clicks')).toContainText(
      summary.month.current.clicks.toLocaleString('en-US'),
    );

    const chart = p.getByTestId('dashboard-chart');
    await expect(chart.locator('.recharts-line-curve')).toBeVisible();
    await expect(chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick')).not.toHaveCount(0);
    await chart.getByRole('combobox', { name: 'Chart metric' }).click();
    await p.getByRole('option', { name: 'Revenue' }).click();
    await expect(chart.getByRole('combobox', { name: 'Chart metric' })).toHaveValue('Revenue');
    await expect(chart.locator('.recharts-line-curve').first()).toBeVisible();

    await expect(p.getByTestId('top-offers').locator('tbody tr')).toHaveCount(5);
    await expect(p.getByTestId('top-affiliates').locator('tbody tr')).toHaveCount(5);
    const firstAffiliate = p.getByTestId('top-affiliates').locator('tbody a').first();
    await expect(firstAffiliate).toHaveAttribute(
      'href',
      /^\/statistic\/direct-link\/general\?.*affiliate=[0-9a-f-]{36}/,
    );
    await expect(p.getByTestId('caps-near-full')).toBeVisible();

    await p.getByTestId('top-offers').locator('tbody a').first().click();
    await expect(p).toHaveURL(/\/statistic\/(direct-link|api)\/general\?.*offer=[0-9a-f-]{36}/);
  });
});

test.describe('dashboard as affiliate', () => {
  const page = useSignedInPage('affiliate');

  test('own figures with payouts, no revenue or profit anywhere, no top affiliates, a balance card', async () => {
    const p = page();
    const summary = await openDashboard(p);
    expect(JSON.stringify(summary)).not.toMatch(/"(revenue|profit)"/);
    expect(summary.top_affiliates).toEqual([]);
    expect(summary).not.toHaveProperty('caps_near_full');

    const month = p.getByTestId('period-month');
    await expect(month.getByTestId('figure-clicks')).toContainText(
      summary.month.current.clicks.toLocaleString('en-US'),
    );
    await expect(month.getByTestId('figure-payout')).toBeVisible();
    const figures = p.getByTestId('dashboard-figures');
    await expect(figures.getByTestId('figure-revenue')).toHaveCount(0);
    await expect(figures.getByTestId('figure-profit')).toHaveCount(0);
    await expect(figures.getByText(/revenue|profit/i)).toHaveCount(0);
    await expect(p.getByTestId('top-affiliates')).toHaveCount(0);
    await expect(p.getByTestId('caps-near-full')).toHaveCount(0);
    await expect(p.getByTestId('top-offers').locator('thead')).toContainText('Payout');
    await expect(p.getByTestId('balance-card')).toContainText('Balance');
    await expect(p.getByTestId('balance-card')).not.toContainText(/not built/i);
    await expect(p.getByTestId('manager-card')).toBeVisible();
  });
});
