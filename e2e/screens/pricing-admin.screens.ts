import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { login, managerApi } from '../desk-support.js';
import { capture, PHONE, TABLET } from './capture.js';
import { typeDate } from '../date-support.js';

/**
 * The back office of per person pricing, with the demo's own data: the Tamboti Family Suite
 * (its card, its Pricing section), Rate Management's Specials tab (the demo's "Stay 4, pay 3"
 * and a second special made here) and dialog, the New Booking party fields, and the party of
 * a booking made here through the admin API, in its details. What is made here is removed
 * (the special deleted, the booking cancelled) at the end.
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
const TYPE = 'Tamboti Family Suite';

interface Made {
  id: string;
  reference: string;
}

/** A 4-night staff booking for two adults and children of 8 and 6 on a free Tamboti unit, inside the demo special's dates. */
async function partyBooking(typeId: string): Promise<Made> {
  const api = await managerApi();
  const units = ((await (await api.get('/api/units')).json()) as { id: string; accommodationTypeId: string; isActive: boolean }[]).filter(
    (u) => u.accommodationTypeId === typeId && u.isActive,
  );
  const start = addDays(today, 100 + Math.floor(Math.random() * 40));
  for (let i = 0; i < 10; i++) {
    const checkInDate = addDays(start, i * 4);
    // The staff form sends the server's quote as the total: the same here.
    const quote = await api.post('/api/calculate-rate', { data: { accommodationTypeId: typeId, checkIn: checkInDate, checkOut: addDays(checkInDate, 4), adults: 2, childAges: [8, 6] } });
    expect(quote.status(), await quote.text()).toBe(200);
    const { totalAmount } = (await quote.json()) as { totalAmount: number };
    for (const unit of units) {
      const res = await api.post('/api/admin/bookings', {
        data: {
          unitId: unit.id,
          checkInDate,
          checkOutDate: addDays(checkInDate, 4),
          adults: 2,
          childAges: [8, 6],
          totalAmount,
          paymentMethod: 'eft',
          paymentStatus: 'pending',
          guestData: { firstName: 'Thandi', lastName: 'Mokoena', email: `thandi.${Date.now()}@example.com` },
        },
      });
      if (res.status() === 201) return (await res.json()) as Made;
      expect(res.status(), await res.text()).toBe(409);
    }
  }
  throw new Error(`No free ${TYPE} unit for 4 nights from ${start}`);
}

test('per person pricing in the back office', async ({ page }) => {
  const api = await managerApi();
  const types = (await (await api.get('/api/accommodations')).json()) as { id: string; name: string }[];
  const typeId = types.find((t) => t.name === TYPE)!.id;

  const created = await api.post('/api/admin/special-offers', {
    data: {
      name: 'Winter escape',
      description: 'Seven winter nights for the price of five',
      accommodationTypeIds: [typeId],
      stayFrom: addDays(today, 30),
      stayTo: addDays(today, 120),
      stayNights: 7,
      payNights: 5,
      bookFrom: null,
      bookTo: addDays(today, 30),
      combinableWithPromo: false,
      isActive: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const specialId = ((await created.json()) as { id: string }).id;
  const booking = await partyBooking(typeId);

  try {
    await login(page, 'manager');
    await page.goto('/admin/accommodations');
    const card = page.getByRole('article', { name: TYPE });
    await expect(card.getByText('Per person sharing · Fully inclusive')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, '1-types');

    await page.getByRole('button', { name: `Edit ${TYPE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Accommodation Type' });
    await shot(page, '2-type-pricing');
    await shotAt(page, '2b-type-bands', dialog.getByRole('button', { name: 'Add age band' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/rates');
    await page.getByRole('tab', { name: 'Specials' }).click();
    await expect(page.getByText('Winter escape').first()).toBeVisible();
    await expect(page.getByText('Stay 4, pay 3').first()).toBeVisible();
    await shot(page, '3-specials');
    await page.getByRole('button', { name: 'Add Special' }).click();
    const specialDialog = page.getByRole('dialog', { name: 'Create Special Offer' });
    await specialDialog.getByLabel('Name', { exact: false }).first().fill('Midweek bush break');
    await shot(page, '4-special-dialog');
    await specialDialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/bookings?action=new');
    const form = page.getByRole('dialog', { name: 'New Booking' });
    await form.getByRole('combobox', { name: /Accommodation Type/ }).click();
    await page.getByRole('option', { name: TYPE }).click();
    await typeDate(page, form, 'Check-in', addDays(today, 200));
    await typeDate(page, form, 'Check-out', addDays(today, 203));
    await form.getByLabel('Children').fill('2');
    await form.getByLabel(/Child 1 age/).fill('8');
    await form.getByLabel(/Child 2 age/).fill('4');
    await form.getByRole('checkbox', { name: /Tamboti \d/ }).first().click();
    await expect(form.getByText(`Children under 6 are not accepted at ${TYPE}`).first()).toBeVisible();
    await shotAt(page, '5-new-booking-party', form.getByLabel(/Child 2 age/));
    await form.getByLabel(/Child 2 age/).fill('6');
    await expect(form.getByText(`Children under 6 are not accepted at ${TYPE}`)).toHaveCount(0);
    await shotAt(page, '5b-new-booking-party-priced', form.getByLabel(/Child 2 age/));
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/bookings');
    // The list draws only the rows in view: the booking is found by its reference.
    await page.getByRole('textbox', { name: 'Search' }).fill(booking.reference);
    await page.getByRole('button', { name: `View booking ${booking.id.slice(0, 8)}` }).first().click();
    await expect(page.getByRole('dialog', { name: 'Booking Details' }).getByText('2 adults, 2 children (8, 6)')).toBeVisible();
    await shot(page, '6-booking-details-party');
  } finally {
    expect((await api.put(`/api/admin/bookings/${booking.id}`, { data: { status: 'Cancelled', cancellationReason: 'e2e clean-up' } })).status()).toBe(200);
    expect((await api.delete(`/api/admin/special-offers/${specialId}`)).status()).toBe(200);
  }
});
