import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { login, managerApi, sql } from './desk-support.js';
import { typeDate } from './date-support.js';

/**
 * A walk-in without an e-mail (docs/product.md, Booking Management: walk-ins and phone
 * bookings): a receptionist on a tablet opens 'New booking' from the Front Desk, the channel
 * already Walk-in, books a guest on a name and a phone, and finds the booking in Booking
 * Management with 'No e-mail', 'Walk-in' and their own name as who took it. Nothing is queued
 * in the e-mail outbox for it. At 390x844 the same form fits a phone.
 */
const made: string[] = [];
test.afterAll(async () => {
  const api = await managerApi();
  for (const id of made.splice(0)) await api.put(`/api/admin/bookings/${id}`, { data: { status: 'Cancelled', cancellationReason: 'e2e clean-up' } });
});

interface UnitRow {
  id: string;
  name: string;
  type_name: string;
}

/** A unit of a plain per-unit type free for two nights from `offset` days on. */
async function freeUnit(offset: number): Promise<{ unit: UnitRow; checkIn: string; checkOut: string }> {
  const today = todayInLodge(new Date());
  for (let from = offset; from < offset + 400; from += 5) {
    const checkIn = addDays(today, from);
    const checkOut = addDays(checkIn, 2);
    const [unit] = await sql<UnitRow>(
      `select u.id, u.name, t.name as type_name
         from units u join accommodation_types t on t.id = u.accommodation_type_id
        where u.is_active and t.is_active and not t.is_package and t.pricing_model = 'per_unit'
          and not exists (select 1 from bookings b where b.unit_id = u.id and b.status in ('Provisional', 'Confirmed', 'Checked-In')
                           and b.check_in_date < ? and b.check_out_date > ?)
          and not exists (select 1 from unit_out_of_order o where o.unit_id = u.id and o.start_date < ? and o.end_date > ?)
        order by t.name, u.name limit 1`,
      [checkOut, checkIn, checkOut, checkIn],
    );
    if (unit) return { unit, checkIn, checkOut };
  }
  throw new Error('no free unit found');
}

async function openFromFrontDesk(page: Page) {
  await page.goto('/admin/front-desk');
  await page.getByRole('button', { name: 'New booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await expect(dialog.getByRole('combobox', { name: /Channel/ })).toHaveText('Walk-in');
  return dialog;
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a receptionist books a walk-in without an e-mail and sees Walk-in and their own name', async ({ page }) => {
    const [me] = await sql<{ first_name: string; last_name: string }>("select first_name, last_name from users where username = 'receptionist'");
    const takenBy = `${me!.first_name} ${me!.last_name}`;
    const { unit, checkIn, checkOut } = await freeUnit(45);
    const lastName = `Walkin${Date.now() % 1_000_000}`;
    const phone = `082 ${String(Date.now() % 10_000_000).padStart(7, '0')}`;

    await login(page, 'receptionist');
    const dialog = await openFromFrontDesk(page);
    await dialog.getByRole('combobox', { name: 'Accommodation Type' }).click();
    await page.getByRole('option', { name: unit.type_name, exact: true }).click();
    await typeDate(page, dialog, 'Check-in', checkIn);
    await typeDate(page, dialog, 'Check-out', checkOut);
    await dialog.getByRole('checkbox', { name: `${unit.name} (available)` }).check();
    await dialog.getByLabel('First Name').fill('Sipho');
    await dialog.getByLabel('Last Name').fill(lastName);
    await expect(dialog.getByText('No e-mail: nothing will be e-mailed to this guest')).toBeVisible();
    await dialog.getByLabel('Phone').fill(phone);
    await expect(dialog.getByLabel('Total Amount (R)')).not.toHaveValue('');
    await page.screenshot({ path: 'test-results/walk-in/new-booking-tablet.png' });
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(page.getByText('Created 1 booking(s) successfully!')).toBeVisible();

    const [row] = await sql<{ id: string; guest_email: string | null; channel: string }>('select id, guest_email, channel from bookings where guest_name = ?', [`Sipho ${lastName}`]);
    made.push(row!.id);
    expect(row).toMatchObject({ guest_email: null, channel: 'Walk-in' });
    expect(await sql('select id from email_outbox where booking_id = ?', [row!.id])).toEqual([]);

    await page.getByLabel('Search').fill(lastName);
    await expect(page.getByText(phone)).toBeVisible({ timeout: 20_000 });
    // The channel filter finds it among the walk-ins.
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'Walk-in', exact: true }).click();
    await expect(page.getByText(phone)).toBeVisible();
    await page.screenshot({ path: 'test-results/walk-in/list-tablet.png' });
    await page.getByRole('button', { name: /^View booking / }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    const term = (name: string) => details.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(term('Email')).toHaveText('No e-mail');
    await expect(term('Channel')).toHaveText('Walk-in');
    await expect(term('Taken by')).toHaveText(takenBy);
    await page.screenshot({ path: 'test-results/walk-in/details-tablet.png' });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the walk-in form fits a phone: the hint, the phone and the channel', async ({ page }) => {
    await login(page, 'receptionist');
    const dialog = await openFromFrontDesk(page);
    await dialog.getByLabel('First Name').fill('Sipho');
    await dialog.getByLabel('Last Name').fill('Mokoena');
    await dialog.getByLabel('Email').scrollIntoViewIfNeeded();
    await expect(dialog.getByText('No e-mail: nothing will be e-mailed to this guest')).toBeVisible();
    await page.screenshot({ path: 'test-results/walk-in/new-booking-phone.png' });
    await dialog.getByRole('combobox', { name: /Channel/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/walk-in/new-booking-phone-channel.png' });
  });
});
