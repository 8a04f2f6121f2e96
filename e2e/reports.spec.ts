import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { formatRandToCent } from '../shared/format.js';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { monthsFrom } from '../shared/domain/reports.js';
import { login } from './desk-support.js';

// The first load of the lazy page and its charts can take a while on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The owner's reports (docs/product.md, Reports): a manager opens the report from the
 * navigation, switches to last month, downloads the revenue-by-month CSV and finds its totals
 * equal to the page's figures; axe finds no serious violation with the charts drawn. Screenshots
 * of the page at 1024x768 and 390x844 go to screens/reports (git-ignored) to be looked at.
 */
test.use({ serviceWorkers: 'block' });

const shotsDir = path.resolve(import.meta.dirname, '../screens/reports');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

/** The value shown on a figure card, by its title. */
const figure = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Figures' }).getByRole('heading', { name: title, exact: true }).locator('xpath=following-sibling::p[1]');

test('a manager opens the report, switches to last month, and the CSV totals equal the page', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'manager');
  // At this width the back office's links are in the menu.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(figure(page, 'Total revenue')).toHaveText(/^-?R[\d,]+\.\d{2}$/);

  const [thisMonth] = monthsFrom(todayInLodge(new Date()), 1);
  const [lastMonth] = monthsFrom(addDays(thisMonth.from, -1), 1);
  const asked = (what: string) => (res: { url(): string }) => res.url().includes(`/api/admin/reports/${what}`) && res.url().includes(`from=${lastMonth.from}`);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await Promise.all([
    page.waitForResponse(asked('summary')),
    page.waitForResponse(asked('series?metric=roomRevenue')),
    page.waitForResponse(asked('series?metric=extrasRevenue')),
    page.getByRole('option', { name: 'Last month' }).click(),
  ]);
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last month');

  const panel = page.getByRole('region', { name: 'Revenue by month' });
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download Revenue by month as CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`revenue-by-month-${lastMonth.from}-to-${lastMonth.to}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Month,Rooms,Extras,Total');
  const [label, rooms, extras, total] = lines.at(-1)!.split(',');
  expect(label).toBe('Total');
  // The CSV's totals are the page's figures, to the cent.
  await expect(figure(page, 'Room revenue')).toHaveText(formatRandToCent(Number(rooms)));
  await expect(figure(page, 'Extras revenue')).toHaveText(formatRandToCent(Number(extras)));
  await expect(figure(page, 'Total revenue')).toHaveText(formatRandToCent(Number(total)));

  // The table view shows the same rows as the file.
  await panel.getByRole('button', { name: 'Table' }).click();
  const rows = panel.getByRole('table', { name: 'Revenue by month' }).getByRole('row');
  await expect(rows).toHaveCount(lines.length);
  await expect(rows.last()).toContainText(formatRandToCent(Number(total)));
  await panel.getByRole('button', { name: 'Chart' }).click();

  // Every chart drawn before axe looks.
  for (const name of ['Occupancy by day', 'Revenue by month', 'Revenue by payment method', 'Pace']) {
    await expect(page.getByRole('region', { name }).getByRole('img').first()).toBeVisible();
  }
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shotsDir, `reports-top-${width}x${height}.png`) });
    await page.getByRole('region', { name: 'Revenue by accommodation type' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shotsDir, `reports-groups-${width}x${height}.png`) });
    await page.screenshot({ path: path.join(shotsDir, `reports-${width}x${height}.png`), fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);
});
