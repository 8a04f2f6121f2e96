import { expect, test } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { cardTotalCentsFor } from '../shared/domain/pricing.js';
import { login, sql } from './desk-support.js';
import { rand } from './payments-support.js';

/**
 * Extras: a guest adds a game drive on /booking and pays by card (the Paystack double is
 * asked for the stay and the drive, less the card discount); a manager adds an extra on the
 * Extras page. Dates are counted from today, far beyond the demo calendar.
 */

const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

test.describe('a guest on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('books with a morning game drive paying by card; Paystack is asked for the card total including the drive', async ({ page, request }) => {
    const checkIn = addDays(todayInLodge(new Date()), 400 + Math.floor(Math.random() * 250));
    const checkOut = addDays(checkIn, 2);
    const email = `extras.${Date.now()}@example.com`;
    await page.goto(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    const select = page.getByRole('button', { name: /^Select / }).first();
    await expect(select).toBeEnabled();
    await select.click();

    await page.getByLabel('First name').fill('Zanele');
    await page.getByLabel('Last name').fill('Mthembu');
    await page.getByLabel('Email').fill(email);

    const drive = page.getByRole('listitem', { name: 'Morning game drive' });
    await expect(drive.getByText('R650 per person')).toBeVisible();
    await expect(drive.getByLabel('Quantity of Morning game drive')).toHaveText('0');
    await drive.getByRole('button', { name: 'More: Morning game drive' }).click();
    await expect(drive.getByLabel('Quantity of Morning game drive')).toHaveText('1');
    await expect(page.getByRole('status').filter({ hasText: 'Stay with extras' })).toContainText(/R[\d,]+/);
    await expect(page.getByLabel(/^Card/)).toBeChecked();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // 2 guests x R650 = R1,300, listed in the summary.
    await expect(page.getByText('Morning game drive (2 guests)')).toBeVisible();
    await expect(page.getByText('R1,300', { exact: true })).toBeVisible();
    const pay = page.getByRole('button', { name: /^Pay R[\d,]+ by card$/ });
    await expect(pay).toBeVisible();

    const payText = await pay.textContent();
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

    const [booking] = await sql<{ id: string; accommodation_type_id: string; total_amount: string; paystack_reference: string; payment_status: string }>(
      'select id, accommodation_type_id, total_amount, paystack_reference, payment_status from bookings where guest_email = ?',
      [email],
    );
    expect(booking.payment_status).toBe('Paid');
    // What the stay alone costs, from the server; the drive adds R1,300 before the card discount.
    const quote = await (await request.post('/api/calculate-rate', { data: { accommodationTypeId: booking.accommodation_type_id, checkIn, checkOut } })).json();
    const [settings] = await sql<{ card_payment_discount: string }>('select card_payment_discount from settings');
    const expectedCents = cardTotalCentsFor(Math.round(quote.totalAmount * 100) + 130_000, Number(settings.card_payment_discount));
    expect(payText).toBe(`Pay ${rand(expectedCents / 100)} by card`);
    expect(Math.round(Number(booking.total_amount) * 100)).toBe(expectedCents);
    const { url: paystackUrl } = (await (await request.get(`${controlUrl}/paystack`)).json()) as { url: string };
    const tx = (await (await request.get(`${paystackUrl}/__test/transactions/${encodeURIComponent(booking.paystack_reference)}`)).json()) as {
      data: { amount: number };
    };
    expect(tx.data.amount).toBe(expectedCents);
    const charges = await sql<{ description: string; quantity: number; adults: number; amount: string; source: string }>(
      'select description, quantity, adults, amount, source from folio_charges where booking_id = ?',
      [booking.id],
    );
    expect(charges).toEqual([{ description: 'Morning game drive', quantity: 1, adults: 2, amount: '1300.00', source: 'guest' }]);
  });
});

test.describe('a manager at a laptop', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('adds an extra on the Extras page (after the form says what is missing) and sees it listed', async ({ page }) => {
    const name = `Sundowner drive ${Date.now()}`;
    await login(page, 'manager');
    // At this width the back office's links are in the menu.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Extras' }).click();
    await expect(page.getByRole('heading', { name: 'Extras', level: 1 })).toBeVisible();
    const table = page.getByRole('region', { name: 'Extras' });
    await expect(table.getByRole('row', { name: /Morning game drive/ })).toContainText('per person');

    await page.getByRole('button', { name: 'Add Extra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Extra' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Price must be 0 or more')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('spinbutton', { name: 'Price (R)', exact: true }).fill('450');
    await dialog.getByRole('spinbutton', { name: 'Child price (R)' }).fill('225');
    await dialog.getByLabel('Guests can add it when booking online').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();

    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('cell')).toHaveText([name, 'per person', 'R450', 'R225', 'Yes', 'Yes', 'Yes', '']);
    const [stored] = await sql<{ price: string; child_price: string; pricing: string; bookable_online: boolean }>(
      'select price, child_price, pricing, bookable_online from extras where name = ?',
      [name],
    );
    expect(stored).toEqual({ price: '450.00', child_price: '225.00', pricing: 'per_person', bookable_online: true });
  });
});
