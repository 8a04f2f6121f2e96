import { expect, test } from '@playwright/test';
import { login, nightsNoBookingTouches, sql } from '../desk-support.js';
import { capture, PHONE } from './capture.js';

/**
 * The waitlist on screen (not a test): step 2 with nothing free and the offer filled in, the
 * offer once joined, and the back office's Waitlist page, on a phone and a tablet. Every unit is
 * out of order for a stay far ahead that no booking touches; the periods and the request go again afterwards.
 */
test.use({ serviceWorkers: 'block', viewport: PHONE });

let checkIn = '';
let checkOut = '';
const note = 'screens: waitlist';

test.beforeAll(async () => {
  ({ checkIn, checkOut } = await nightsNoBookingTouches(560, 720, 2));
  await sql('insert into unit_out_of_order (unit_id, start_date, end_date, note) select u.id, ?::date, ?::date, ? from units u where u.is_active', [checkIn, checkOut, note]);
});
test.afterAll(async () => {
  await sql('delete from unit_out_of_order where note = ?', [note]);
  await sql("delete from waitlist_entries where email = 'naledi.screens@example.com'");
});

test('the waitlist: offered, joined, and listed in the back office', async ({ page }) => {
  await page.goto(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  const offer = page.getByRole('region', { name: 'Nothing is free for your dates' });
  await expect(offer).toBeVisible();
  await offer.getByRole('textbox', { name: 'Name' }).fill('Naledi Dlamini');
  await offer.getByRole('textbox', { name: 'Email' }).fill('naledi.screens@example.com');
  await capture(page, 'waitlist', 'booking-nothing-free');
  await offer.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(offer.getByRole('status')).toBeVisible();
  await capture(page, 'waitlist', 'booking-joined');

  await login(page, 'manager');
  await page.goto('/admin/waitlist');
  await expect(page.getByText('naledi.screens@example.com')).toBeVisible();
  await capture(page, 'waitlist', 'admin-waitlist');
  await page.getByRole('button', { name: 'Remove Naledi Dlamini' }).click();
  await capture(page, 'waitlist', 'admin-remove-dialog');
});
