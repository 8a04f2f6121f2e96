import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatRand } from '../shared/format.js';
import { login, managerApi, sql } from './desk-support.js';

/**
 * Back-office screens telling the truth (issue 18): a booking found by the reference a guest
 * quotes, its phone and special requests; figures that say what they measure; promo codes
 * used up; Front Desk's New booking; the header offline with the person's name.
 */

const made: string[] = [];

/** A booking made through the admin API as the manager, with a phone and special requests, on a unit free for its nights. */
async function bookingWithDetails(name: string, offset: number, extra: { specialRequests: string; phone: string }) {
  const api = await managerApi();
  const checkIn = addDays(todayInLodge(new Date()), offset);
  const checkOut = addDays(checkIn, 1);
  const units = (await (await api.get('/api/units')).json()) as { id: string; isActive: boolean }[];
  const held = (await (await api.get('/api/admin/bookings', { params: { startDate: checkIn, endDate: checkIn } })).json()) as { unitId: string; status: string }[];
  const taken = new Set(held.filter((b) => b.status !== 'Cancelled' && b.status !== 'Checked-Out').map((b) => b.unitId));
  const unit = units.find((u) => u.isActive && !taken.has(u.id));
  if (!unit) throw new Error('no unit free');
  const [firstName, lastName] = name.split(' ');
  const res = await api.post('/api/admin/bookings', {
    data: {
      unitId: unit.id,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      numberOfGuests: 2,
      totalAmount: 2750,
      paymentMethod: 'eft',
      paymentStatus: 'pending',
      specialRequests: extra.specialRequests,
      guestData: { firstName, lastName, email: `${firstName.toLowerCase()}.${Date.now()}@example.com`, phone: extra.phone },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { id: string; reference: string };
  made.push(booking.id);
  return booking;
}

test.afterAll(async () => {
  const api = await managerApi();
  for (const id of made.splice(0)) await api.put(`/api/admin/bookings/${id}`, { data: { status: 'Cancelled', cancellationReason: 'e2e clean-up' } });
});

/** Rows of one IndexedDB store of the device. */
async function deviceRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('lodge-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            resolve(all.result as T[]);
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

test('Booking Management finds a booking by the reference a guest quotes and shows its phone and special requests', async ({ page }) => {
  const booking = await bookingWithDetails('Refquote Guest', 20, { specialRequests: 'Vegetarian meals, please', phone: '+27 82 555 0199' });
  await login(page, 'receptionist');
  await page.goto('/admin/bookings');
  const search = page.getByRole('textbox', { name: 'Search' });
  // As a guest says it on the phone: lower case, without the WL- prefix.
  await search.fill(booking.reference.slice(3).toLowerCase());
  const table = page.getByRole('region', { name: 'Bookings' });
  await expect(table.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').first()).toHaveText(`${booking.id.slice(0, 8)}${booking.reference}`);
  await expect(row).toContainText('Refquote Guest');
  // And with the prefix, as printed on the confirmation.
  await search.fill(booking.reference);
  await expect(table.getByRole('row').nth(1)).toContainText('Refquote Guest');

  await row.getByRole('button', { name: `View booking ${booking.id.slice(0, 8)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  const value = (term: string) => dialog.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Reference')).toHaveText(booking.reference);
  await expect(value('Phone')).toHaveText('+27 82 555 0199');
  await expect(value('Special Requests')).toHaveText('Vegetarian meals, please');
});

test("the dashboard's figures: revenue without cancelled bookings, occupancy as this month's nights sold of nights available", async ({ page }) => {
  // A cancelled booking on the device, so leaving it out makes a difference.
  const cancelled = await bookingWithDetails('Cancelled Figure', 3, { specialRequests: 'none', phone: '+27 82 555 0100' });
  const api = await managerApi();
  expect((await api.put(`/api/admin/bookings/${cancelled.id}`, { data: { status: 'Cancelled', cancellationReason: 'e2e figures' } })).status()).toBe(200);

  await login(page, 'manager');
  await page.goto('/admin');
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures.getByText('Booked value, cancelled excluded')).toBeVisible({ timeout: 20_000 });
  // The device has pulled the cancellation: its row says so.
  await expect.poll(async () => (await deviceRows<{ id: string; status: string }>(page, 'bookings')).find((b) => b.id === cancelled.id)?.status, { timeout: 20_000 }).toBe('Cancelled');

  type Row = { status: string; totalAmount: number; isEntireLodgeChild: boolean; unitId: string | null; checkInDate: string; checkOutDate: string };
  const rows = await deviceRows<Row>(page, 'bookings');
  const units = (await deviceRows<{ id: string; isActive: boolean }>(page, 'units')).filter((u) => u.isActive).map((u) => u.id);
  const counted = rows.filter((b) => !b.isEntireLodgeChild && b.status !== 'Cancelled');
  const revenue = counted.reduce((sum, b) => sum + Math.round(b.totalAmount * 100), 0) / 100;
  const revenueCard = figures.getByRole('heading', { name: 'Revenue' }).locator('xpath=..');
  await expect(revenueCard.locator('p').first()).toHaveText(formatRand(revenue));

  const today = todayInLodge(new Date());
  const month = today.slice(0, 7);
  const sold = new Set<string>();
  for (const b of rows) {
    if (b.status === 'Cancelled' || !b.unitId || !units.includes(b.unitId)) continue;
    for (let night = b.checkInDate; night < b.checkOutDate; night = addDays(night, 1)) if (night.startsWith(month)) sold.add(`${b.unitId}|${night}`);
  }
  let nights = 0;
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) nights++;
  const available = units.length * nights;
  const occupancyCard = figures.getByRole('heading', { name: 'Occupancy Rate' }).locator('xpath=..');
  await expect(occupancyCard.locator('p').first()).toHaveText(`${Math.round((sold.size / available) * 100)}%`);
  await expect(occupancyCard).toContainText(`Nights sold / nights available, this month (${sold.size} of ${available})`);

  // Booking Management's Total Revenue over all bookings leaves the cancelled out too.
  await page.goto('/admin/bookings');
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary.getByText('Booked value, cancelled excluded')).toBeVisible();
  const listed = rows.filter((b) => !b.isEntireLodgeChild && b.status !== 'Cancelled');
  const total = listed.reduce((sum, b) => sum + Math.round(b.totalAmount * 100), 0) / 100;
  await expect(summary.getByRole('heading', { name: 'Total Revenue' }).locator('xpath=..').locator('p').first()).toHaveText(formatRand(total));
});

test('a promo code whose uses are all taken shows Used up', async ({ page }) => {
  const api = await managerApi();
  const code = `USEDUP${Date.now().toString(36).toUpperCase()}`;
  const res = await api.post('/api/admin/promo-codes', {
    data: { code, discountType: 'Percentage', discountValue: 10, expiryDate: addDays(todayInLodge(new Date()), 30), maxUses: 2 },
  });
  expect(res.status(), await res.text()).toBe(201);
  await sql('update promo_codes set used_count = 2 where code = ?', [code]);
  await login(page, 'manager');
  await page.goto('/admin/rates');
  await page.getByRole('tab', { name: 'Promo Codes' }).click();
  const row = page.getByRole('region', { name: 'Promo Codes' }).getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell').nth(3)).toHaveText('2 / 2');
  await expect(row.getByRole('cell').nth(5)).toHaveText('Used up');
  await sql('delete from promo_codes where code = ?', [code]);
});

test("Front Desk's New booking opens the new-booking form, as the dashboard's does", async ({ page }) => {
  await login(page, 'receptionist');
  await page.goto('/admin/front-desk');
  await page.getByRole('button', { name: 'New booking' }).click();
  await expect(page.getByRole('dialog', { name: 'New Booking' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New Booking' }).getByLabel(/First Name/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/bookings$/);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'New Booking' }).first().click();
  await expect(page.getByRole('dialog', { name: 'New Booking' })).toBeVisible();
});

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`offline at ${viewport.width} px, the header shows the person's name and 'Back Office' on one line`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await login(page, 'receptionist');
    await page.goto('/admin/front-desk');
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByTestId('header-user-name')).toHaveText('Lerato Khumalo');
    await page.close();

    // A cold start with no network: the login cannot be checked, the device's person runs the desk.
    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.goto('/admin/front-desk');
    await expect(cold.getByTestId('sync-indicator')).toContainText('Offline');
    const name = cold.getByTestId('header-user-name');
    await expect(name).toHaveText('Lerato Khumalo');
    // Not cut short: the whole name fits its box, and the header fits the screen (nothing pushed off its edge).
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await cold.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const logout = await cold.getByRole('banner').getByRole('button', { name: 'Logout' }).boundingBox();
    expect(logout!.x + logout!.width).toBeLessThanOrEqual(viewport.width);
    const title = cold.getByTestId('back-office-title');
    if (viewport.width >= 900) {
      await expect(title).toBeVisible();
      const box = await title.boundingBox();
      const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box!.height).toBeLessThanOrEqual(lineHeight + 1);
    } else await expect(title).toBeHidden();
    await context.close();
  });
}
