import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { fillRateOverride, fridayFrom, pngOf, stamp, typeWithUnit } from './config-support.js';
import { managerApi } from './desk-support.js';
import { typeDate } from './date-support.js';

/**
 * Back-office configuration (issue 10) as a manager on a 1024 x 768 tablet: a new type with
 * units and an uploaded picture reaching the public site, the system type refused, a weekend
 * rate override changing the price a guest is quoted, and a promo code made here used by a
 * guest on a phone. Each run makes its own types and codes (names carry a stamp), named to
 * sort after the demo types so the other specs' "first type" stays theirs. The screens
 * themselves are pictured by screens/admin-config.screens.ts (`npm run screens`).
 */
test.use({ viewport: { width: 1024, height: 768 } });
// Three flows through the back office and the guest pages each: on the shared 2-core machine
// a single one can take minutes.
test.describe.configure({ timeout: 300_000 });
/** Waits that include a server round trip or the device's first sync. */
const SLOW = { timeout: 60_000 };

async function login(page: Page, username: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('lodge-demo');
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/admin/, SLOW);
}

async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test('a manager creates a type with two units and a picture; it reaches the public site resized; the Entire Lodge cannot be deleted', async ({ page, request }) => {
  const name = `Zebra Hide ${stamp()}`;
  await login(page, 'manager');
  await page.goto('/admin/accommodations');
  await expect(page.getByRole('article', { name: 'Entire Lodge' })).toBeVisible(SLOW);

  await page.goto('/admin/accommodations/new');
  const dialog = page.getByRole('dialog', { name: 'Create Accommodation Type' });
  await expect(dialog).toBeVisible(SLOW);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Rate must be positive')).toHaveCount(2);
  await dialog.getByLabel('Name', { exact: false }).first().fill(name);
  await dialog.getByLabel(/Weekday rate/).fill('1500');
  await dialog.getByLabel(/Weekend rate/).fill('1900');
  for (const amenity of ['Star bed', 'Outdoor shower', 'Waterhole view', 'Coffee']) {
    await dialog.getByLabel('Add an amenity').fill(amenity);
    await dialog.getByLabel('Add an amenity').press('Enter');
  }
  await dialog.getByRole('button', { name: 'Create' }).click();

  const edit = page.getByRole('dialog', { name: 'Edit Accommodation Type' });
  await expect(edit).toBeVisible(SLOW);
  const units = edit.getByRole('region', { name: 'Units' });
  for (const unit of [`${name} A`, `${name} B`]) {
    await units.getByLabel('Unit name').fill(unit);
    await units.getByRole('button', { name: 'Add Unit' }).click();
    await expect(units.getByText(unit, { exact: true })).toBeVisible(SLOW);
  }

  // A text file renamed .jpg: the browser calls it image/jpeg, the server reads its content.
  const upload = edit.getByLabel('Upload images');
  await upload.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are not the pixels you are looking for') });
  const refusal = edit.getByRole('alert');
  await expect(refusal).toContainText('Invalid file type', SLOW);
  await expect(refusal).toContainText('notes.jpg is not an image file');
  await expect(edit.getByRole('img')).toHaveCount(0);

  await upload.setInputFiles({ name: 'hide.png', mimeType: 'image/png', buffer: await pngOf(1200, 800) });
  await expect(edit.getByRole('img', { name: `${name} image 1` })).toBeVisible(SLOW);
  await expect(edit.getByRole('alert')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Done' }).click();

  const card = page.getByRole('article', { name });
  await expect(card.getByText('Units: 2 (2 active)')).toBeVisible(SLOW);
  await expect(card.getByText('+1 more')).toBeVisible();

  // The server stored it: two active units and the picture under /uploads/.
  const api = await managerApi();
  const types = (await (await api.get('/api/admin/accommodations')).json()) as { id: string; name: string; images: string[]; systemKey: string | null }[];
  const created = types.find((t) => t.name === name)!;
  expect(created.images).toHaveLength(1);
  expect(created.images[0]).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
  const serverUnits = (await (await api.get('/api/admin/units')).json()) as { name: string; accommodationTypeId: string; isActive: boolean }[];
  expect(serverUnits.filter((u) => u.accommodationTypeId === created.id).map((u) => [u.name, u.isActive]).sort()).toEqual([
    [`${name} A`, true],
    [`${name} B`, true],
  ]);

  // The public accommodations page shows it with the picture through the resizing endpoint.
  await page.goto('/accommodations');
  const picture = page.getByRole('img', { name, exact: true });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toBeVisible(SLOW);
  const src = (await picture.getAttribute('src'))!;
  expect(src).toContain(`/api/accommodation-image?url=${encodeURIComponent(created.images[0])}&w=`);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SLOW).toBeGreaterThan(0);
  const resized = await request.get(`/api/accommodation-image?url=${encodeURIComponent(created.images[0])}&w=320`, { headers: { Accept: 'image/webp' } });
  expect(resized.status()).toBe(200);
  expect(resized.headers()['content-type']).toBe('image/webp');
  expect(await sharp(await resized.body()).metadata()).toMatchObject({ width: 320, height: 213 });

  // The system type: the screen says it cannot be deleted, and so does the server.
  await page.goto('/admin/accommodations');
  await page.getByRole('button', { name: 'Delete Entire Lodge' }).click(SLOW);
  const refuse = page.getByRole('dialog', { name: 'Delete Accommodation Type' });
  await expect(refuse.getByRole('alert')).toHaveText('System accommodation types cannot be deleted');
  await expect(refuse.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await refuse.getByRole('button', { name: 'Close' }).click();
  const lodge = types.find((t) => t.systemKey)!;
  const denied = await api.delete(`/api/admin/accommodations/${lodge.id}`);
  expect(denied.status()).toBe(422);
  expect(await denied.json()).toMatchObject({ message: 'System accommodation types cannot be deleted' });
});

test('a weekend rate override changes /api/calculate-rate for those nights and the price a guest is shown', async ({ page, request, browser }) => {
  const name = `Zebra Rates ${stamp()}`;
  const typeId = await typeWithUnit(name, 1000, 1200);
  const friday = fridayFrom(240);
  const sunday = addDays(friday, 2);
  const quote = async (checkIn: string, checkOut: string) => {
    const res = await request.post('/api/calculate-rate', { data: { accommodationTypeId: typeId, checkIn, checkOut } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { totalAmount: number }).totalAmount;
  };
  expect(await quote(friday, sunday)).toBe(2400);

  await login(page, 'manager');
  await page.goto('/admin/rates');
  await expect(page.getByRole('tab', { name: 'Rate Overrides', selected: true })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Add Rate Override' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Rate Override' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Accommodation type is required')).toBeVisible();
  await expect(dialog.getByText('Start date is required')).toBeVisible();
  await expect(dialog.getByText('End date is required')).toBeVisible();
  await fillRateOverride(page, dialog, { type: name, start: friday, end: addDays(friday, 1), weekendRate: '3000' });
  const preview = dialog.getByRole('region', { name: 'Price preview' });
  await expect(preview).toContainText('A stay of 2 nights (2 weekend)');
  await expect(preview.getByTestId('preview-before')).toHaveText('R2,400');
  await expect(preview.getByTestId('preview-after')).toHaveText('R6,000');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toHaveCount(0, SLOW);
  const row = page.getByRole('region', { name: 'Rate Overrides' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('R3,000', SLOW);
  await expect(row).toContainText('Base rate');

  // The weekend nights it covers cost the new rate; the Thursday before keeps the base rate.
  expect(await quote(friday, sunday)).toBe(6000);
  expect(await quote(addDays(friday, -1), friday)).toBe(1000);

  const guest = await guestPage(browser);
  await guest.goto(`/booking?accommodation=${typeId}&checkIn=${friday}&checkOut=${sunday}&guests=2`);
  await expect(guest.getByRole('heading', { name: 'Choose your accommodation' })).toBeVisible(SLOW);
  const choice = guest.getByRole('article', { name });
  await expect(choice).toContainText('R6,000', SLOW);
  await expect(choice.getByRole('button', { name: `Select ${name}` })).toBeEnabled(SLOW);
  await guest.context().close();
});

test('a promo code made here is accepted in the guest booking flow and its use is counted', async ({ page, browser }) => {
  const name = `Zebra Promo ${stamp()}`;
  const code = `ZEB${stamp()}`;
  const typeId = await typeWithUnit(name, 1000, 1000);
  const checkIn = fridayFrom(250);
  const checkOut = addDays(checkIn, 2);

  await login(page, 'manager');
  await page.goto('/admin/rates');
  await page.getByRole('tab', { name: 'Promo Codes' }).click(SLOW);
  await page.getByRole('button', { name: 'Add Promo Code' }).click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Create Promo Code' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Code is required')).toBeVisible();
  await expect(dialog.getByText('Discount value must be positive')).toBeVisible();
  await expect(dialog.getByText('Expiry date is required')).toBeVisible();
  await dialog.getByLabel(/^Code/).fill(code);
  await dialog.getByLabel(/Discount value/).fill('10');
  await typeDate(page, dialog, /Expiry date/, addDays(todayInLodge(new Date()), 60));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toHaveCount(0, SLOW);
  const row = page.getByRole('region', { name: 'Promo Codes' }).getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell', { name: `Uses of ${code}` })).toHaveText('0 / ∞', SLOW);
  await expect(row).toContainText('Active');

  const guest = await guestPage(browser);
  await guest.goto(`/booking?accommodation=${typeId}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
  await expect(guest.getByRole('button', { name: `Select ${name}` })).toBeEnabled(SLOW);
  await guest.getByRole('button', { name: `Select ${name}` }).click();
  await expect(guest.getByRole('heading', { name: 'Your details' })).toBeVisible(SLOW);
  await guest.getByLabel('First name').fill('Zanele');
  await guest.getByLabel('Last name').fill('Khumalo');
  await guest.getByLabel('Email').fill(`promo.${code.toLowerCase()}@example.com`);
  await guest.getByLabel(/EFT/).check();
  await guest.getByLabel('Promo code').fill(code);
  await guest.getByRole('button', { name: 'Apply' }).click();
  await expect(guest.getByText('Promo code applied: -R200')).toBeVisible(SLOW);
  await guest.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(guest.getByRole('heading', { name: 'Review and pay' })).toBeVisible(SLOW);
  await expect(guest.getByText(`Promo code ${code}`)).toBeVisible();
  await guest.getByRole('button', { name: 'Book and pay R1,800 by EFT' }).click();
  await expect(guest.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible(SLOW);
  await guest.context().close();

  await page.reload();
  await page.getByRole('tab', { name: 'Promo Codes' }).click(SLOW);
  await expect(page.getByRole('region', { name: 'Promo Codes' }).getByRole('row').filter({ hasText: code }).getByRole('cell', { name: `Uses of ${code}` })).toHaveText('1 / ∞', SLOW);
});

test('a manager edits a type: name, capacity and rates are saved, shown on the card and on the public page, and priced', async ({ page, request }) => {
  const name = `Zebra Edit ${stamp()}`;
  const renamed = `${name} Deluxe`;
  const typeId = await typeWithUnit(name, 1000, 1200);
  const api = await managerApi();
  const before = ((await (await api.get('/api/admin/accommodations')).json()) as { id: string; version: number }[]).find((t) => t.id === typeId)!;

  await login(page, 'manager');
  await page.goto('/admin/accommodations');
  await page.getByRole('button', { name: `Edit ${name}` }).click(SLOW);
  const edit = page.getByRole('dialog', { name: 'Edit Accommodation Type' });
  await expect(edit).toBeVisible(SLOW);
  await expect(edit.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
  await edit.getByRole('textbox', { name: /^Name/ }).fill(renamed);
  await edit.getByLabel(/Capacity/).fill('4');
  await edit.getByLabel(/Weekday rate/).fill('1350');
  await edit.getByLabel(/Weekend rate/).fill('1750.50');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Accommodation type updated successfully!')).toBeVisible(SLOW);
  await expect(edit).toHaveCount(0);

  const card = page.getByRole('article', { name: renamed });
  await expect(card.getByText('Sleeps 4 · Weekday R1,350 · Weekend R1,750.50')).toBeVisible(SLOW);
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);

  // The server has the new values, one version on.
  const saved = ((await (await api.get('/api/admin/accommodations')).json()) as { id: string; name: string; capacity: number; baseWeekdayRate: number; baseWeekendRate: number; version: number }[]).find(
    (t) => t.id === typeId,
  )!;
  expect(saved).toMatchObject({ name: renamed, capacity: 4, baseWeekdayRate: 1350, baseWeekendRate: 1750.5, version: before.version + 1 });

  // The public page shows them, and a quote uses the new rates.
  await page.goto('/accommodations');
  const publicCard = page.getByRole('article', { name: renamed });
  await publicCard.scrollIntoViewIfNeeded(SLOW);
  await expect(publicCard.getByText('4 Guests')).toBeVisible(SLOW);
  await expect(publicCard.getByText('R1,350/night')).toBeVisible();
  await expect(publicCard.getByText('R1,750.50/night')).toBeVisible();
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
  const thursday = addDays(fridayFrom(200), -1);
  const quote = await request.post('/api/calculate-rate', { data: { accommodationTypeId: typeId, checkIn: thursday, checkOut: addDays(thursday, 2) } });
  expect(quote.status()).toBe(200);
  expect(((await quote.json()) as { totalAmount: number }).totalAmount).toBe(3100.5);
});

test('a rate override linked to an event: saved with the event, shown by its name, and priced with its minimum stay', async ({ page, request }) => {
  const name = `Zebra Event ${stamp()}`;
  const typeId = await typeWithUnit(name, 1000, 1200);
  const friday = fridayFrom(260);
  const saturday = addDays(friday, 1);
  const sunday = addDays(friday, 2);
  const api = await managerApi();
  const eventName = `Zebra Gala ${stamp()}`;
  const createdEvent = await api.post('/api/admin/events', {
    data: { name: eventName, description: 'A night of the admin-config spec', eventDate: `${saturday}T16:00:00.000Z`, accommodationStartDate: friday, accommodationEndDate: sunday },
  });
  expect(createdEvent.status()).toBe(201);
  const event = (await createdEvent.json()) as { id: string };

  await login(page, 'manager');
  await page.goto('/admin/rates');
  await page.getByRole('button', { name: 'Add Rate Override' }).click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Create Rate Override' });
  await fillRateOverride(page, dialog, { type: name, start: friday, end: saturday, weekendRate: '2500', minStay: '2', event: eventName });
  await expect(dialog.getByRole('combobox', { name: /^Event/ })).toHaveText(eventName);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toHaveCount(0, SLOW);

  // Shown with the event's name, the rates and the minimum stay.
  const row = page.getByRole('region', { name: 'Rate Overrides' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell')).toHaveText([name, /.+/, 'Base rate', 'R2,500', '2 nights', eventName, ''], SLOW);
  // On a phone the overrides are cards (no sideways scroll), each with its Edit and Delete.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('region', { name: 'Rate Overrides' }).getByRole('listitem', { name });
  await expect(card.getByRole('definition')).toHaveText([/.+/, 'Base rate', 'R2,500', '2 nights', eventName]);
  await expect(card.getByRole('button', { name: /^Edit override/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Delete override/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1024, height: 768 });

  // Saved tied to the event.
  const overrides = (await (await api.get('/api/admin/rate-overrides')).json()) as { accommodationTypeId: string; eventId: string | null; startDate: string; endDate: string; weekdayRate: number | null; weekendRate: number | null; minLengthOfStay: number }[];
  expect(overrides.filter((o) => o.accommodationTypeId === typeId)).toEqual([
    expect.objectContaining({ eventId: event.id, startDate: friday, endDate: saturday, weekdayRate: null, weekendRate: 2500, minLengthOfStay: 2 }),
  ]);

  // Its nights cost the override's weekend rate; a stay touching them must be two nights long;
  // nights outside it keep the base rates.
  const quote = (checkIn: string, checkOut: string) => request.post('/api/calculate-rate', { data: { accommodationTypeId: typeId, checkIn, checkOut } });
  const weekend = await quote(friday, sunday);
  expect(weekend.status()).toBe(200);
  expect(((await weekend.json()) as { totalAmount: number }).totalAmount).toBe(5000);
  const thursdayFriday = await quote(addDays(friday, -1), saturday);
  expect(((await thursdayFriday.json()) as { totalAmount: number }).totalAmount).toBe(3500);
  const oneNight = await quote(friday, saturday);
  expect(oneNight.status()).toBe(422);
  expect(((await oneNight.json()) as { message: string }).message).toBe('Minimum stay for these dates is 2 nights');
  const after = await quote(sunday, addDays(sunday, 1));
  expect(((await after.json()) as { totalAmount: number }).totalAmount).toBe(1000);
});
