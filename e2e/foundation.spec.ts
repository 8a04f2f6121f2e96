import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PWA_DIST } from '../scripts/build-pwa.js';
import { addDays, todayInLodge } from '../shared/domain/dates.js';

async function login(page: Page, username: string, password = 'lodge-demo') {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
}

test('the landing page shows the lodge and its tagline', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Private Game Lodge').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Accommodations' })).toBeVisible();
  const types = await (await page.request.get('/api/accommodations')).json();
  expect(types.length).toBeGreaterThanOrEqual(4);
});

test("the landing page's scripts arrive as the build's brotli copies, not compressed again per request", async ({ page }) => {
  const scripts: { name: string; encoding: string | undefined; length: string | undefined }[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      const headers = res.headers();
      scripts.push({ name: path.basename(url.pathname), encoding: headers['content-encoding'], length: headers['content-length'] });
    }
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View Accommodations' })).toBeVisible();
  const entry = scripts.find((s) => /^index-.*\.js$/.test(s.name) && fs.statSync(path.join(PWA_DIST, 'assets', s.name)).size > 20_000);
  expect(entry).toBeDefined();
  expect(entry!.encoding).toBe('br');
  // The very bytes the build wrote: their length is the .br file's.
  expect(entry!.length).toBe(String(fs.statSync(path.join(PWA_DIST, 'assets', `${entry!.name}.br`)).size));
});

test("on a phone, /accommodations' first picture is fetched once, by the page's own preload, and shown by the first card", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const response = await page.goto('/accommodations');
  const html = await response!.text();
  const types = await (await page.request.get('/api/accommodations')).json();
  const first = `url=${encodeURIComponent(types[0].images[0])}`;
  expect(html).toContain(`<link rel="preload" as="image" href="/api/accommodation-image?${first}&#38;w=640"`);
  const picture = page.getByRole('article').first().getByRole('img', { name: types[0].name });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const fetched = await page.evaluate(
    (first) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/accommodation-image?') && entry.name.includes(first))
        .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, by: (entry as PerformanceResourceTiming).initiatorType })),
    first,
  );
  // One request, made by the <link> (a second, by the <img>, would mean the preload did not match the card's picture).
  expect(fetched).toEqual([{ path: await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname + new URL(img.currentSrc).search), by: 'link' }]);
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
  await context.close();
});

test('a receptionist opening /admin/settings is told they may not', async ({ page }) => {
  await login(page, 'receptionist');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  await expect(page.getByText("You don't have permission to access settings.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return to Dashboard' }).or(page.getByRole('link', { name: 'Return to Dashboard' }))).toBeVisible();
});

test('a visitor opening /admin is sent to /auth', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

for (const [username, role] of [
  ['superadmin', 'SuperAdmin'],
  ['manager', 'Manager'],
  ['receptionist', 'Receptionist'],
  ['guest', null],
] as const) {
  test(`${username} can log in and out in the browser`, async ({ page }) => {
    await login(page, username);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect((await me.json()).role).toBe(role);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
}

test('the e2e server sends e-mail to the SMTP double, not the internet', async ({ request, baseURL }) => {
  // A guest EFT booking queues the banking-details e-mail; the outbox job delivers it.
  const types = await (await request.get('/api/accommodations')).json();
  const units = await (await request.get('/api/units')).json();
  const type = types.find((t: { isPackage: boolean }) => !t.isPackage);
  const unit = units.find((u: { accommodationTypeId: string }) => u.accommodationTypeId === type.id);
  // Beyond the demo calendar (60 days from today at the lodge), so the unit is free.
  const checkIn = addDays(todayInLodge(new Date()), 200);
  const res = await request.post('/api/bookings', {
    headers: { Origin: baseURL! },
    data: {
      unitId: unit.id,
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 2),
      numberOfGuests: 1,
      totalAmount: 1,
      paymentMethod: 'EFT',
      guestData: { firstName: 'Mail', lastName: 'Check', email: 'mail.check@example.com' },
    },
  });
  expect(res.status()).toBe(201);
  const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}/mail`;
  await expect
    .poll(async () => (await (await request.get(controlUrl)).json()).some((m: { to: string[] }) => m.to.includes('mail.check@example.com')), {
      timeout: 15_000,
    })
    .toBe(true);
});

test('a SuperAdmin on a public page: the top bar is one line at 1024 and 900 px, its Back office menu works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'superadmin');
  await expect(page).toHaveURL(/\/admin/);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { firstName: string; lastName: string };
  await page.goto('/accommodations');
  const bar = page.getByRole('banner');
  const name = bar.getByText(`${me.firstName} ${me.lastName}`, { exact: true });
  const nav = bar.getByRole('navigation', { name: 'Main' });
  const menuButton = nav.getByRole('button', { name: 'Back office' });
  await expect(menuButton).toBeVisible();
  for (const width of [1024, 900]) {
    await page.setViewportSize({ width, height: 768 });
    // One line: the bar keeps its one-row height (68 px and the 3 px rule), nothing wraps.
    await expect.poll(async () => (await bar.boundingBox())?.height).toBe(71);
    const row = await Promise.all([nav.getByRole('link', { name: 'Home' }), menuButton, name, bar.getByRole('button', { name: 'Logout' })].map((l) => l.boundingBox()));
    expect(new Set(row.map((b) => Math.round(b!.y + b!.height / 2))).size).toBe(1);
    // The name is one line of text too (a wrapped name is two lines in a bar that stays 68 px).
    expect(row[2]!.height).toBeLessThan(30);
  }

  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Back office' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Front Desk', 'Housekeeping', 'Calendar', 'Bookings', 'Guests', 'Waitlist', 'Lodger register', 'Accommodations', 'Rates', 'Extras', 'Channels', 'Events', 'Payments', 'Invoices', 'Reports', 'Settings', 'Staff', 'Audit Log', 'Sync']);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Front Desk' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/front-desk$/);
});
