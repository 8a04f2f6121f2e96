import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { fillRateOverride, fridayFrom, pngOf, stamp, typeWithUnit } from '../config-support.js';
import { login, managerApi } from '../desk-support.js';
import { capture, PHONE, TABLET } from './capture.js';
import { typeDate } from '../date-support.js';

/**
 * Back-office configuration as a manager: accommodation types (the list, the create and edit
 * dialogs, the system type's refusal), rate overrides (with an event too) and promo codes,
 * with what a guest then sees on a phone.
 */
test.use({ viewport: TABLET });
test.describe.configure({ timeout: 300_000 });

const shot = (page: Page, name: string, sizes?: { width: number; height: number }[]) => capture(page, 'admin-config', name, sizes);

async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

test('accommodation types: the list, creating one with units and a picture, the system type refused', async ({ page }) => {
  const name = `Zebra Hide ${stamp()}`;
  await login(page, 'manager');
  await page.goto('/admin/accommodations');
  await expect(page.getByRole('article', { name: 'Entire Lodge' })).toBeVisible();
  await shot(page, '1-accommodations');

  await page.goto('/admin/accommodations/new');
  const dialog = page.getByRole('dialog', { name: 'Create Accommodation Type' });
  await dialog.getByLabel('Name', { exact: false }).first().fill(name);
  await dialog.getByLabel(/Weekday rate/).fill('1500');
  await dialog.getByLabel(/Weekend rate/).fill('1900');
  for (const amenity of ['Star bed', 'Outdoor shower', 'Waterhole view', 'Coffee']) {
    await dialog.getByLabel('Add an amenity').fill(amenity);
    await dialog.getByLabel('Add an amenity').press('Enter');
  }
  await shot(page, '2-create-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const edit = page.getByRole('dialog', { name: 'Edit Accommodation Type' });
  const units = edit.getByRole('region', { name: 'Units' });
  for (const unit of [`${name} A`, `${name} B`]) {
    await units.getByLabel('Unit name').fill(unit);
    await units.getByRole('button', { name: 'Add Unit' }).click();
    await expect(units.getByText(unit, { exact: true })).toBeVisible();
  }
  await edit.getByLabel('Upload images').setInputFiles({ name: 'hide.png', mimeType: 'image/png', buffer: await pngOf(1200, 800) });
  const picture = edit.getByRole('img', { name: `${name} image 1` });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, '3-edit-dialog');
  await edit.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Delete Entire Lodge' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Accommodation Type' }).getByRole('alert')).toBeVisible();
  await shot(page, '4-system-type-refused');
});

test('a weekend rate override: the dialog with its price preview, the list, and the guest price', async ({ page, browser }) => {
  const name = `Zebra Rates ${stamp()}`;
  const typeId = await typeWithUnit(name, 1000, 1200);
  const friday = fridayFrom(240);
  await login(page, 'manager');
  await page.goto('/admin/rates');
  await page.getByRole('button', { name: 'Add Rate Override' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Rate Override' });
  await fillRateOverride(page, dialog, { type: name, start: friday, end: addDays(friday, 1), weekendRate: '3000' });
  await expect(dialog.getByRole('region', { name: 'Price preview' }).getByTestId('preview-after')).toHaveText('R6,000');
  await shot(page, '5-override-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('region', { name: 'Rate Overrides' }).getByRole('row').filter({ hasText: name })).toContainText('R3,000');
  await shot(page, '6-overrides');

  const guest = await guestPage(browser);
  await guest.goto(`/booking?accommodation=${typeId}&checkIn=${friday}&checkOut=${addDays(friday, 2)}&guests=2`);
  const choice = guest.getByRole('article', { name });
  await expect(choice).toContainText('R6,000');
  await expect(choice.getByRole('button', { name: `Select ${name}` })).toBeEnabled();
  await capture(guest, 'admin-config', '7-guest-override-price', [PHONE]);
  await guest.context().close();
});

test('a promo code: the dialog, the list, and the guest payment step with it applied', async ({ page, browser }) => {
  const name = `Zebra Promo ${stamp()}`;
  const code = `ZEB${stamp()}`;
  const typeId = await typeWithUnit(name, 1000, 1000);
  const checkIn = fridayFrom(250);
  await login(page, 'manager');
  await page.goto('/admin/rates');
  await page.getByRole('tab', { name: 'Promo Codes' }).click();
  await page.getByRole('button', { name: 'Add Promo Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Promo Code' });
  await dialog.getByLabel(/^Code/).fill(code);
  await dialog.getByLabel(/Discount value/).fill('10');
  await typeDate(page, dialog, /Expiry date/, addDays(todayInLodge(new Date()), 60));
  await shot(page, '8-promo-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('region', { name: 'Promo Codes' }).getByRole('row').filter({ hasText: code })).toContainText('Active');
  await shot(page, '9-promo-codes');

  const guest = await guestPage(browser);
  await guest.goto(`/booking?accommodation=${typeId}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`);
  await guest.getByRole('button', { name: `Select ${name}` }).click();
  await guest.getByLabel('First name').fill('Zanele');
  await guest.getByLabel('Last name').fill('Khumalo');
  await guest.getByLabel('Email').fill(`promo.${code.toLowerCase()}@example.com`);
  await guest.getByLabel(/EFT/).check();
  await guest.getByLabel('Promo code').fill(code);
  await guest.getByRole('button', { name: 'Apply' }).click();
  await expect(guest.getByText('Promo code applied: -R200')).toBeVisible();
  await guest.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(guest.getByText(`Promo code ${code}`)).toBeVisible();
  await capture(guest, 'admin-config', '10-guest-promo-payment', [PHONE]);
  await guest.context().close();
});

test('editing a type: the dialog and the card after', async ({ page }) => {
  const name = `Zebra Edit ${stamp()}`;
  const renamed = `${name} Deluxe`;
  await typeWithUnit(name, 1000, 1200);
  await login(page, 'manager');
  await page.goto('/admin/accommodations');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Accommodation Type' });
  await edit.getByRole('textbox', { name: /^Name/ }).fill(renamed);
  await edit.getByLabel(/Capacity/).fill('4');
  await edit.getByLabel(/Weekday rate/).fill('1350');
  await edit.getByLabel(/Weekend rate/).fill('1750.50');
  await shot(page, '11-edit-type-dialog');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('article', { name: renamed }).getByText('Sleeps 4 · Weekday R1,350 · Weekend R1,750.50')).toBeVisible();
  await shot(page, '12-edited-type');
});

test('a rate override linked to an event: the dialog and the list', async ({ page }) => {
  const name = `Zebra Event ${stamp()}`;
  await typeWithUnit(name, 1000, 1200);
  const friday = fridayFrom(260);
  const saturday = addDays(friday, 1);
  const eventName = `Zebra Gala ${stamp()}`;
  const api = await managerApi();
  const event = await api.post('/api/admin/events', {
    data: { name: eventName, description: 'A night of the admin-config screens', eventDate: `${saturday}T16:00:00.000Z`, accommodationStartDate: friday, accommodationEndDate: addDays(friday, 2) },
  });
  expect(event.status()).toBe(201);

  await login(page, 'manager');
  await page.goto('/admin/rates');
  await page.getByRole('button', { name: 'Add Rate Override' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Rate Override' });
  await fillRateOverride(page, dialog, { type: name, start: friday, end: saturday, weekendRate: '2500', minStay: '2', event: eventName });
  await expect(dialog.getByRole('combobox', { name: /^Event/ })).toHaveText(eventName);
  await shot(page, '13-event-override-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Rate Overrides' }).getByRole('row').filter({ hasText: name })).toContainText(eventName);
  await shot(page, '14-event-override');
});
