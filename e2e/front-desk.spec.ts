import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { bookingsArrivingToday, deskRow, getBooking, login, mutationsFor, outboxOf, releaseBookings, waitForDeskRow } from './desk-support.js';

/**
 * The front desk offline, with the service worker and IndexedDB (docs/design.md, Offline sync):
 * check-ins made with the network off survive a reload and reach the server once each.
 */

test.afterEach(() => releaseBookings());

/** The service worker has installed (precache done) and controls this page. */
async function controlled(page: import('@playwright/test').Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('offline, three check-ins survive a reload and reach the server once each', async ({ page, context }) => {
  const bookings = await bookingsArrivingToday(['Naledi Offline', 'Pieter Offline', 'Grace Offline']);
  await login(page);
  await page.goto('/admin/front-desk');
  await controlled(page);
  for (const b of bookings) await waitForDeskRow(page, b.reference);
  const before = await Promise.all(bookings.map((b) => getBooking(b.id)));

  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
  for (const b of bookings) {
    await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
    await expect(deskRow(page, b.reference).getByText('Not synced')).toBeVisible();
  }
  await expect(page.getByTestId('sync-indicator')).toContainText('3 not synced');

  await page.reload();
  for (const b of bookings) await expect(deskRow(page, b.reference).getByText('Not synced')).toBeVisible();
  expect((await outboxOf(page)).length).toBe(3);

  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  for (const b of bookings) await expect(deskRow(page, b.reference).getByText('Not synced')).toHaveCount(0);
  await expect(page.getByTestId('sync-indicator')).not.toContainText('not synced');

  for (const [i, b] of bookings.entries()) {
    const rows = await mutationsFor(b.id);
    expect(rows.map((r) => [r.operation, r.outcome, r.args.status])).toEqual([['booking.setStatus', 'applied', 'Checked-In']]);
    const after = await getBooking(b.id);
    expect(after.status).toBe('Checked-In');
    expect(after.version).toBe(before[i].version + 1);
  }
});

test('check in then check out offline reach the server in that order', async ({ page, context }) => {
  const [b] = await bookingsArrivingToday(['Order Offline']);
  await login(page);
  await page.goto('/admin/front-desk');
  await waitForDeskRow(page, b.reference);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
  await deskRow(page, b.reference).first().getByRole('button', { name: /details/ }).click();
  const panel = page.getByRole('region', { name: 'Booking details' });
  await panel.getByRole('button', { name: 'Check out', exact: true }).click();
  // The stay is unpaid (R3,000 pending): the check-out asks first, naming the amount.
  const ask = page.getByRole('dialog', { name: `Check out ${b.guestName}?` });
  await expect(ask).toContainText('Balance due R3,000 (payment pending) — check out anyway?');
  await ask.getByRole('button', { name: 'Check out anyway' }).click();
  await expect(panel.getByText('Checked-Out')).toBeVisible();
  await expect(panel.getByText('Not synced')).toBeVisible();
  await panel.getByRole('button', { name: 'Close details' }).click();

  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  const rows = await mutationsFor(b.id);
  expect(rows.map((r) => [r.args.status, r.outcome])).toEqual([
    ['Checked-In', 'applied'],
    ['Checked-Out', 'applied'],
  ]);
  expect(rows[0].seq).toBeLessThan(rows[1].seq);
  expect((await getBooking(b.id)).status).toBe('Checked-Out');
});

test('a cold start offline opens the front desk, today\'s arrivals and a booking from local data', async ({ browser }) => {
  const context = await browser.newContext();
  const [b] = await bookingsArrivingToday(['Coldstart Guest']);
  const page = await context.newPage();
  await login(page);
  await page.goto('/admin/front-desk');
  await controlled(page);
  await waitForDeskRow(page, b.reference);
  await page.close();

  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto('/admin/front-desk');
  await expect(cold.getByRole('heading', { name: 'Front Desk', level: 1 })).toBeVisible();
  await expect(cold.getByTestId('sync-indicator')).toContainText('Offline');
  await waitForDeskRow(cold, b.reference);
  await deskRow(cold, b.reference).getByRole('button', { name: /details/ }).click();
  const panel = cold.getByRole('region', { name: 'Booking details' });
  await expect(panel.getByRole('heading', { name: b.guestName })).toBeVisible();
  await expect(panel.getByText(b.reference)).toBeVisible();
  await context.close();
});

test('a new booking offline is refused, saying why', async ({ page, context }) => {
  await login(page);
  await page.goto('/admin/front-desk');
  await expect(page.getByRole('heading', { name: 'Front Desk', level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'New booking' }).click();
  await expect(page.getByText('New bookings need a connection: availability is checked on the server.')).toBeVisible();
});

const DETAILS_NOT_ON_DEVICE = "This booking's details cannot be opened yet: the connection dropped before this tablet had them. Reconnect once; from then on they open offline too.";

test.describe('before the service worker holds the app', () => {
  // No service worker: the page's own requests are the only way to its code.
  test.use({ serviceWorkers: 'block' });

  test("a booking opened offline before the tablet held the panel's code says so, and opens once the connection is back", async ({ page, context }) => {
    // The booking panel's chunk is not to be had (this device's service worker does not hold it yet).
    const panelChunk = /\/assets\/booking-panel-[\w-]+\.js$/;
    await page.route(panelChunk, (route) => route.abort('internetdisconnected'));
    await login(page);
    await page.goto('/admin/front-desk');
    const row = page.getByTestId('desk-row').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    const name = (await row.getAttribute('data-reference'))!;
    await context.setOffline(true);
    await row.getByRole('button', { name: /: details$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: DETAILS_NOT_ON_DEVICE })).toBeVisible();
    // The lists stay: the rest of the desk works on.
    await expect(deskRow(page, name).first()).toBeVisible();
    await page.getByRole('alert').filter({ hasText: DETAILS_NOT_ON_DEVICE }).getByRole('button', { name: 'Close' }).click();

    await page.unroute(panelChunk);
    await context.setOffline(false);
    await row.getByRole('button', { name: /: details$/ }).click();
    const panel = page.getByRole('region', { name: 'Booking details' });
    await expect(panel.getByText(name)).toBeVisible();
    await expect(page.getByText(DETAILS_NOT_ON_DEVICE)).toHaveCount(0);
  });
});

for (const path of ['/admin/front-desk', '/admin/sync']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await bookingsArrivingToday(['Axe Guest']);
    await login(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/admin/front-desk') await expect(page.getByTestId('desk-row').first()).toBeVisible({ timeout: 20_000 });
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
  });
}
