import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bookingsArrivingToday, login, managerApi, releaseBookings, sql, waitForDeskRow } from '../desk-support.js';

/**
 * The folio on screen (not a test): the front desk's guest panel (folio and invoices), the Add
 * charge dialog and Booking Management's details dialog, on a phone and a tablet, as the manager (who sees Void).
 */
const OUT = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../screens/folio');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
];

test.use({ serviceWorkers: 'block' });
test.afterAll(() => releaseBookings());

async function extra(name: string, price: number, pricing: string, childPrice: number | null = null) {
  const [row] = await sql<{ id: string }>(
    `insert into extras (name, price, child_price, pricing, vat_inclusive, is_active) values (?, ?, ?, ?, true, true) returning id`,
    [name, price.toFixed(2), childPrice === null ? null : childPrice.toFixed(2), pricing],
  );
  return row.id;
}

async function shot(page: Page, file: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, file), fullPage: false });
}

test('the folio', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString().slice(-4);
  const drive = await extra(`Morning game drive ${stamp}`, 650, 'per_person', 325);
  const fee = await extra(`Conservation fee ${stamp}`, 110, 'per_person_per_night', 55);
  const bar = await extra(`Bar tab ${stamp}`, 45.5, 'per_item');
  const [b] = await bookingsArrivingToday(['Folio Screens']);
  const api = await managerApi();
  await api.put(`/api/admin/bookings/${b.id}`, { data: { status: 'Checked-In' } });
  await api.post(`/api/admin/bookings/${b.id}/folio/charges`, { data: { extraId: drive, adults: 2, children: 1, note: 'Sunrise drive' } });
  await api.post(`/api/admin/bookings/${b.id}/folio/charges`, { data: { extraId: fee } });
  const barCharge = (await (await api.post(`/api/admin/bookings/${b.id}/folio/charges`, { data: { extraId: bar, quantity: 3 } })).json()) as { charge: { id: string } };
  await api.post(`/api/admin/bookings/${b.id}/folio/charges/${barCharge.charge.id}/void`, { data: { reason: 'Posted to the wrong room' } });
  // Invoiced: the folio's lines then name their invoice, and the panel lists it.
  await api.post(`/api/admin/bookings/${b.id}/invoices`);

  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await login(page, 'manager');
    await page.goto('/admin/front-desk');
    // Found by its reference (on a phone the day's lists are tabs).
    await page.getByLabel('Find a booking').fill(b.reference);
    await waitForDeskRow(page, b.reference);
    await page.getByRole('button', { name: `${b.guestName}, ${b.reference}: details` }).first().click();
    const panel = page.getByRole('region', { name: 'Booking details' });
    const folio = panel.getByRole('region', { name: 'Folio' });
    await expect(folio.getByRole('list', { name: 'Folio lines' }).getByRole('listitem')).toHaveCount(4);
    // Fetched from the server: payments and taxes known.
    await expect(folio.getByText('Payments and taxes show once')).toHaveCount(0);
    await folio.scrollIntoViewIfNeeded();
    await shot(page, `desk-panel-folio-${size.width}.png`);
    const invoices = panel.getByRole('region', { name: 'Invoices' });
    await expect(invoices.getByRole('listitem')).toHaveCount(1);
    await invoices.scrollIntoViewIfNeeded();
    await shot(page, `desk-panel-invoices-${size.width}.png`);

    await folio.getByRole('button', { name: 'Add charge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add charge' });
    await dialog.getByRole('combobox', { name: 'Extra' }).click();
    await page.getByRole('option', { name: new RegExp(`Morning game drive ${stamp}`) }).click();
    await dialog.getByLabel('Children').fill('1');
    await expect(dialog.getByText(/Comes to/)).toBeVisible();
    await shot(page, `add-charge-${size.width}.png`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Close details' }).click();

    await page.goto('/admin/bookings');
    await page.getByLabel('Search').fill(b.reference);
    await page.getByRole('button', { name: `View booking ${b.id.slice(0, 8)}` }).first().click();
    const details = page.getByRole('dialog');
    const detailsFolio = details.getByRole('region', { name: 'Folio' });
    await expect(detailsFolio.getByRole('list', { name: 'Folio lines' }).getByRole('listitem')).toHaveCount(4);
    await detailsFolio.scrollIntoViewIfNeeded();
    await shot(page, `details-dialog-folio-${size.width}.png`);
    await context.close();
  }
  await sql(`update extras set is_active = false where id = any(?::uuid[])`, [[drive, fee, bar]]);
});
