import { expect, test } from '@playwright/test';
import { formatStayDate } from '../shared/format.js';
import { login, nightsNoBookingTouches, sql } from './desk-support.js';

/**
 * The waitlist on a phone (docs/product.md, Guest booking: the waitlist): a stay for which every
 * unit is out of order shows nothing free; the guest leaves a name and an e-mail and is told they
 * are on the list; the back office's Waitlist page shows them waiting. The stay is the first two
 * nights from 560 days out that no other spec's booking touches; the periods and the request are
 * removed afterwards. The pictures are e2e/screens/waitlist.screens.ts's.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

let checkIn = '';
let checkOut = '';
const reason = 'e2e waitlist: painting';

test.beforeAll(async () => {
  ({ checkIn, checkOut } = await nightsNoBookingTouches(560, 720, 2));
  await sql(
    `insert into unit_out_of_order (unit_id, start_date, end_date, note)
     select u.id, ?::date, ?::date, ? from units u where u.is_active`,
    [checkIn, checkOut, reason],
  );
});
test.afterAll(async () => {
  await sql('delete from unit_out_of_order where note = ?', [reason]);
  await sql("delete from waitlist_entries where email = 'lerato.wait@example.com'");
});

test('nothing free: the guest joins the waitlist and is told so; the back office lists them waiting', async ({ page }) => {
  await page.goto(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  const offer = page.getByRole('region', { name: 'Nothing is free for your dates' });
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await expect(offer.getByText(`${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} · 2 guests`)).toBeVisible();
  const typeName = (await offer.getByRole('combobox', { name: 'Accommodation' }).textContent())!.trim();
  await offer.getByRole('textbox', { name: 'Name' }).fill('Lerato Mokoena');
  await offer.getByRole('textbox', { name: 'Email' }).fill('lerato.wait@example.com');
  await offer.getByRole('button', { name: 'Join the waitlist' }).click();

  const done = offer.getByRole('status');
  await expect(done).toContainText("You're on the waitlist. We'll e-mail you if these dates come free; the first guest to book them gets them.");
  await expect(done).toContainText(`${typeName} · ${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} · 2 guests`);

  const [row] = await sql<{ name: string; check_in_date: string; number_of_guests: number; notified_at: string | null }>(
    "select name, check_in_date, number_of_guests, notified_at from waitlist_entries where email = 'lerato.wait@example.com'",
  );
  expect(row).toEqual({ name: 'Lerato Mokoena', check_in_date: checkIn, number_of_guests: 2, notified_at: null });

  await login(page, 'manager');
  await page.goto('/admin/waitlist');
  const card = page.getByRole('listitem', { name: 'Lerato Mokoena' });
  await expect(card).toContainText('lerato.wait@example.com');
  await expect(card).toContainText(typeName);
  await expect(card).toContainText('Waiting');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('row', { name: /Lerato Mokoena/ })).toContainText('Waiting');
});
