import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bookingsArrivingToday, login, releaseBookings, waitForDeskRow } from '../desk-support.js';
import { PHONE, SCREENS_DIR, TABLET } from './capture.js';

/**
 * The register at the desk on screen (not a test): the check-in dialog with one adult
 * registered offline, the register form with a drawn signature, and the Sync page's storage
 * section with the files waiting, on a tablet and a phone.
 */
test.use({ serviceWorkers: 'block' });
test.afterAll(() => releaseBookings());

async function shot(page: Page, name: string, width: number) {
  const dir = path.join(SCREENS_DIR, 'register');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${width}-${name}.png`), animations: 'disabled', caret: 'hide' });
}

async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 20 + i * (box.width - 40) / 10, box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 4 });
  await page.mouse.up();
}

const JPEG = { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9]) };

test('the register at the desk', async ({ browser }) => {
  test.setTimeout(240_000);
  const bookings = await bookingsArrivingToday(['Register Tablet', 'Register Phone']);
  for (const [i, size] of [TABLET, PHONE].entries()) {
    const b = bookings[i];
    const context = await browser.newContext({ viewport: size, serviceWorkers: 'block' });
    const page = await context.newPage();
    await login(page);
    // The Sync page's code is a lazy chunk: fetched once while online.
    await page.goto('/admin/sync');
    await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible();
    await page.goto('/admin/front-desk');
    await waitForDeskRow(page, b.reference);
    await page.waitForTimeout(3000);
    await context.setOffline(true);

    // Under the lodge's default rule ('warn') Check in is one tap: the register opens from the
    // booking's details.
    await page.getByRole('button', { name: `${b.guestName}, ${b.reference}: details` }).click();
    await page.getByRole('button', { name: 'Add to register' }).click();
    const dialog = page.getByRole('dialog', { name: `Check in ${b.guestName}` });
    await dialog.getByRole('button', { name: 'Add to register' }).click();
    const form = dialog.getByRole('form', { name: 'Register entry' });
    await form.getByLabel('Full names').fill('Thandeka Nomsa');
    await form.getByLabel('Surname').fill('Mokoena');
    await form.getByLabel('ID or passport number').fill('8001015009087');
    await form.getByLabel('Home address').fill('12 Marula Street, Hoedspruit, 1380');
    await form.getByLabel('Take a photo of the ID').setInputFiles(JPEG);
    await sign(page);
    await shot(page, 'register-form', size.width);
    await form.getByRole('button', { name: 'Save to register' }).click();
    await expect(dialog.getByTestId('register-progress')).toHaveText('Register: 1 of 2 adults');
    await shot(page, 'check-in-dialog', size.width);
    await dialog.getByRole('button', { name: 'Not yet' }).click();

    // The booking's details stay open beside the desk: closed first, then the header's sync
    // status, which links to the Sync page at every width.
    await page.getByRole('button', { name: 'Close details' }).click();
    await page.getByRole('banner').getByRole('link', { name: /^Sync:/ }).click();
    const heading = page.getByRole('heading', { name: 'This device’s storage' });
    await heading.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('waiting-files')).toContainText(b.reference);
    await shot(page, 'sync-storage', size.width);
    await context.close();
  }
});
