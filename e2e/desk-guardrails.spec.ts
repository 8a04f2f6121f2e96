import { expect, test, type Page } from '@playwright/test';
import { bookingsArriving, bookingsArrivingToday, getBooking, login, releaseBookings, waitForDeskRow } from './desk-support.js';

/**
 * The desk's guardrails (docs/product.md, Front Desk): no check-in offered before the arrival
 * date, a cancellation asks for its reason (kept and shown) and says the guest is e-mailed.
 * The check-out and payment questions are in front-desk.spec.ts and payments.spec.ts.
 */

test.afterEach(() => releaseBookings());

const shots = process.env.GUARD_SHOTS;

async function openBookings(page: Page, name: string) {
  await page.goto('/admin/bookings');
  // The first visit after login waits for the device's first pull: slow on a busy machine.
  await expect(page.getByLabel('Search')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('Search').fill(name);
  await expect(page.getByRole('button', { name: /^View booking / })).toHaveCount(1, { timeout: 30_000 });
}

test('a booking arriving tomorrow is not offered a check-in; one arriving today is', async ({ page }) => {
  const [tomorrow] = await bookingsArriving(['Early Bird'], 1);
  const [today] = await bookingsArrivingToday(['On Time']);
  await login(page);
  await openBookings(page, tomorrow.guestName);
  await page.getByRole('combobox', { name: `Status of ${tomorrow.guestName}` }).first().click();
  // The current status first, then what the state machine allows: no Checked-In.
  const offered = tomorrow.status === 'Provisional' ? ['Provisional', 'Confirmed', 'Cancelled'] : ['Confirmed', 'Provisional', 'Cancelled'];
  await expect(page.getByRole('option')).toHaveText(offered);
  await page.keyboard.press('Escape');

  await page.goto('/admin/front-desk');
  await waitForDeskRow(page, today.reference);
  await expect(page.getByRole('button', { name: `Check in ${today.guestName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Check in ${tomorrow.guestName}` })).toHaveCount(0);
});

test('cancelling from the bookings table asks for a reason, says the guest is e-mailed, and the reason is shown', async ({ page }) => {
  const [b] = await bookingsArriving(['Reason Asked'], 2);
  await login(page);
  for (const [width, height] of [
    [390, 844],
    [1024, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await openBookings(page, b.guestName);
    await page.getByRole('combobox', { name: `Status of ${b.guestName}` }).first().click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel the booking of ${b.guestName}?` });
    await expect(dialog).toContainText('The guest will be e-mailed a cancellation notice.');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toContainText('Please give a reason for the cancellation');
    if (shots) await page.screenshot({ path: `${shots}/cancel-confirmation-${width}x${height}.png` });
    if (width === 390) {
      await dialog.getByRole('button', { name: 'Keep booking' }).click();
      await expect(dialog).toHaveCount(0);
    }
  }
  const dialog = page.getByRole('dialog', { name: `Cancel the booking of ${b.guestName}?` });
  expect((await getBooking(b.id)).status).toBe(b.status);
  await dialog.getByLabel(/Reason for cancellation/).fill('Guest phoned: family emergency');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toHaveCount(0);

  await expect.poll(async () => (await getBooking(b.id)).status, { timeout: 20_000 }).toBe('Cancelled');
  await page.getByRole('button', { name: /^View booking / }).click();
  const details = page.getByRole('dialog', { name: 'Booking Details' });
  await expect(details).toContainText('Cancellation reasonGuest phoned: family emergency');
});
