import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { STAFF_ROLES, can, type Capability, type Role } from '../shared/roles.js';
import { login } from './desk-support.js';

// First loads of lazy pages can take a while on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * axe on every back-office page, for each role that may open it: no serious or critical
 * violations. The pages come from the one table of admin pages (pwa/src/app/admin-routes.ts),
 * read as text because it imports the PWA's lazy pages: a page added there is checked here
 * without touching this spec.
 */
function adminPages(): { path: string; capability: Capability }[] {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../pwa/src/app/admin-routes.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const ADMIN_ROUTES'));
  const pages = [...table.matchAll(/\{\s*path:\s*'([^']*)',\s*capability:\s*'(\w+)'/g)].map((m) => ({
    path: m[1] ? `/admin/${m[1]}` : '/admin',
    capability: m[2] as Capability,
  }));
  if (pages.length < 9) throw new Error(`only ${pages.length} admin pages found in admin-routes.ts: has its layout changed?`);
  return pages;
}

const USERNAMES: Record<Role, string> = { SuperAdmin: 'superadmin', Manager: 'manager', Receptionist: 'receptionist' };

/** The page has drawn its content: a main heading, and no loading spinner left. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 }).catch(() => {});
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

for (const role of STAFF_ROLES) {
  test(`axe: no serious or critical violations on the admin pages a ${role} can open`, async ({ page }) => {
    // axe over ten pages is slow on a busy machine; each page's result is logged as it comes.
    test.setTimeout(900_000);
    await login(page, USERNAMES[role]);
    const found: Record<string, string[]> = {};
    for (const { path: url, capability } of adminPages().filter((p) => can(role, p.capability))) {
      await test.step(`${url} (${capability})`, async () => {
        await page.goto(url);
        await settled(page);
        const bad = await seriousViolations(page);
        console.log(`axe ${role} ${url}: ${bad.length ? bad.join('; ') : 'no serious or critical violations'}`);
        if (bad.length) found[url] = bad;
      });
    }
    expect(found).toEqual({});
  });
}

test('axe: the phone layout of the dashboard, with the navigation drawer open', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'receptionist');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Booking Management on a phone: bookings as cards, no sideways scroll, and axe finds nothing serious', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'receptionist');
  await page.goto('/admin/bookings');
  await settled(page);
  const bookings = page.getByRole('region', { name: 'Bookings', exact: true });
  const first = bookings.getByRole('listitem').first();
  await expect(first.getByRole('button', { name: /^View booking [0-9a-f]{8}$/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Edit booking [0-9a-f]{8}$/ })).toBeVisible();
  await expect(first.getByRole('combobox', { name: /^Status of / })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});

test('Booking Management on a tablet and beside the sidebar: every table column fits, the actions too (nothing scrolls sideways)', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'manager'); // the widest row: a manager also has Delete
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto('/admin/bookings');
    await settled(page);
    const table = page.getByRole('region', { name: 'Bookings', exact: true }).getByRole('table');
    await expect(table.getByRole('button', { name: /^Delete booking [0-9a-f]{8}$/ }).first()).toBeVisible();
    const fit = await table.evaluate((t) => ({ table: t.scrollWidth, room: t.parentElement!.clientWidth }));
    expect(fit.table, `at ${width} px`).toBeLessThanOrEqual(fit.room);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
  }
});
