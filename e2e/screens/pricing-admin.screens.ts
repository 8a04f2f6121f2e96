import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { stamp, typeWithUnit } from '../config-support.js';
import { login, sql } from '../desk-support.js';
import { capture, PHONE, TABLET } from './capture.js';
import { typeDate } from '../date-support.js';

/**
 * The back office of per person pricing: a per person sharing type (its card, its Pricing
 * section), Rate Management's Specials tab and dialog, the New Booking party fields, and a
 * booking's party in its details. The specials list is answered by the page itself until the
 * specials API is on this branch; the booking's party is added to the pull's answer likewise.
 */
test.use({ viewport: TABLET });
test.describe.configure({ timeout: 300_000 });

const shot = (page: Page, name: string) => capture(page, 'pricing-admin', name);

/** A dialog's part below the fold: scrolled to at each size, since a resize scrolls it back. */
async function shotAt(page: Page, name: string, target: ReturnType<Page['locator']>) {
  for (const size of [PHONE, TABLET]) {
    await page.setViewportSize(size);
    await target.scrollIntoViewIfNeeded();
    await capture(page, 'pricing-admin', name, [size]);
  }
}
const today = todayInLodge(new Date());

test('per person pricing in the back office', async ({ page }) => {
  const name = `Zebra Family ${stamp()}`;
  const typeId = await typeWithUnit(name, 4950, 5450);
  await sql(
    `update accommodation_types set pricing_model = 'per_person_sharing', meal_plan = 'Fully inclusive', single_supplement_percent = 40, max_adults = 3, capacity = 4,
       child_policy = '[{"fromAge":0,"toAge":5,"percentOfAdult":0,"notAccepted":true},{"fromAge":6,"toAge":11,"percentOfAdult":50,"notAccepted":false}]'::jsonb,
       version = version + 1, updated_at = now() where id = ?`,
    [typeId],
  );
  let partyBookingId = '';
  let partyReference = '';
  await page.route('**/api/sync/pull**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { changes?: { bookings?: Record<string, unknown>[] } };
    const first = body.changes?.bookings?.find((b) => b.unitId && !b.parentBookingId);
    if (first && (!partyBookingId || first.id === partyBookingId)) {
      partyBookingId = String(first.id);
      partyReference = String(first.reference);
      Object.assign(first, { adults: 2, childAges: [8, 6], specialOfferName: 'Stay 4, pay 3', numberOfGuests: 4 });
    }
    await route.fulfill({ response: res, json: body });
  });
  const special = (over: Record<string, unknown>) => ({
    id: crypto.randomUUID(),
    name: 'Stay 4, pay 3',
    description: 'The cheapest night of every four is on us',
    accommodationTypeIds: [typeId],
    accommodationTypeNames: [name],
    stayFrom: today,
    stayTo: addDays(today, 180),
    stayNights: 4,
    payNights: 3,
    bookFrom: null,
    bookTo: null,
    combinableWithPromo: false,
    isActive: true,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    version: 1,
    ...over,
  });
  await page.route('**/api/admin/special-offers', (route) =>
    route.fulfill({ json: [special({}), special({ name: 'Winter escape', stayNights: 7, payNights: 5, bookTo: addDays(today, 30), isActive: false })] }),
  );

  await login(page, 'manager');
  await page.goto('/admin/accommodations');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Per person sharing · Fully inclusive')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, '1-types');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Accommodation Type' });
  await shot(page, '2-type-pricing');
  await shotAt(page, '2b-type-bands', dialog.getByRole('button', { name: 'Add age band' }));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/rates');
  await page.getByRole('tab', { name: 'Specials' }).click();
  await expect(page.getByText('Winter escape').first()).toBeVisible();
  await shot(page, '3-specials');
  await page.getByRole('button', { name: 'Add Special' }).click();
  const specialDialog = page.getByRole('dialog', { name: 'Create Special Offer' });
  await specialDialog.getByLabel('Name', { exact: false }).first().fill('Midweek bush break');
  await shot(page, '4-special-dialog');
  await specialDialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/bookings?action=new');
  const booking = page.getByRole('dialog', { name: 'New Booking' });
  await booking.getByRole('combobox', { name: /Accommodation Type/ }).click();
  await page.getByRole('option', { name }).click();
  await typeDate(page, booking, 'Check-in', addDays(today, 200));
  await typeDate(page, booking, 'Check-out', addDays(today, 203));
  await booking.getByLabel('Children').fill('2');
  await booking.getByLabel(/Child 1 age/).fill('8');
  await booking.getByLabel(/Child 2 age/).fill('4');
  await booking.getByRole('checkbox', { name: /Zebra Family .* 1/ }).click();
  await shotAt(page, '5-new-booking-party', booking.getByLabel(/Child 2 age/));
  await booking.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/bookings');
  expect(partyBookingId).not.toBe('');
  // The list draws only the rows in view: the booking is found by its reference.
  await page.getByRole('textbox', { name: 'Search' }).fill(partyReference);
  await page.getByRole('button', { name: `View booking ${partyBookingId.slice(0, 8)}` }).first().click();
  await expect(page.getByRole('dialog', { name: 'Booking Details' }).getByText('2 adults, 2 children (8, 6)')).toBeVisible();
  await shot(page, '6-booking-details-party');
});
