import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { baseURL, bookingsArrivingToday, getBooking, login, outboxOf, releaseBookings, sql, waitForDeskRow } from './desk-support.js';

/**
 * The register of lodgers at the desk with the network off, on a tablet (1024x768): the
 * receptionist registers both adults of a stay (a photo of each ID from the camera, each
 * signature drawn on the screen), checks them in, and closes the browser before the network
 * is back. The browser opens again on the same profile; online, the files go first and the
 * entries after them: the server holds both entries and all four files, each once.
 *
 * A persistent context stands in for the tablet's browser (its IndexedDB survives a close);
 * the camera is the file input the "Take a photo" button opens.
 */
test.afterEach(() => releaseBookings());

const TABLET = { width: 1024, height: 768 };

function launch(profile: string): Promise<BrowserContext> {
  const { executablePath, args } = test.info().project.use.launchOptions ?? {};
  return chromium.launchPersistentContext(profile, { baseURL, executablePath, args, headless: true, serviceWorkers: 'block', viewport: TABLET });
}

/** A small JPEG, as a camera would hand it over (the server recognises files by their bytes). */
function photoOfId(name: string) {
  const header = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const body = [...Buffer.from(`ID of ${name}`)];
  return { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([...header, ...body, 0xff, 0xd9]) };
}

/** A signature drawn with the mouse: a few strokes across the box. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  // The pad is low in the dialog: off screen, the strokes would land on whatever is under the mouse.
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 3 });
  await page.mouse.up();
}

/** The register files the device holds: [kind, uploaded] per file. */
async function filesOnDevice(page: Page): Promise<{ kind: string; uploaded: boolean; hasBytes: boolean }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('lodge-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('attachments').objectStore('attachments').getAll();
          all.onsuccess = () => {
            resolve((all.result as { kind: string; uploadedAt: string | null; bytes: unknown }[]).map((a) => ({ kind: a.kind, uploaded: a.uploadedAt !== null, hasBytes: a.bytes !== null })));
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Whether the device has fetched the lodge's register rule (the first sync after login). */
async function registerRuleOnDevice(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('lodge-offline');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const get = open.result.transaction('syncState').objectStore('syncState').get('registerCheckInRule');
          get.onsuccess = () => {
            resolve((get.result as { value: string } | undefined)?.value ?? null);
            open.result.close();
          };
          get.onerror = () => resolve(null);
        };
      }),
  );
}

test('offline at the desk: two adults registered with photos and signatures, checked in, the browser closed; online, the server has both entries and four files once each', async () => {
  test.setTimeout(180_000);
  const profile = test.info().outputPath('tablet-profile');
  const [b] = await bookingsArrivingToday(['Register Offline']);

  const browser = await launch(profile);
  const page = browser.pages()[0] ?? (await browser.newPage());
  await login(page);
  await page.goto('/admin/front-desk');
  await waitForDeskRow(page, b.reference);
  await expect.poll(() => registerRuleOnDevice(page), { timeout: 20_000 }).toBe('warn');

  await browser.setOffline(true);
  // Under 'warn' Check in is one tap; the register is opened from the booking's details.
  await page.getByRole('button', { name: `${b.guestName}, ${b.reference}: details` }).click();
  await expect(page.getByTestId('panel-register-progress')).toHaveText('0 of 2 adults');
  await page.getByRole('button', { name: 'Add to register' }).click();
  const dialog = page.getByRole('dialog', { name: `Check in ${b.guestName}` });
  await expect(dialog.getByTestId('register-progress')).toHaveText('Register: 0 of 2 adults');

  const adults = [
    { fullNames: 'Register', surname: 'Offline', idType: 'SA ID', idNumber: '8001015009087', address: '12 Marula Street, Hoedspruit' },
    { fullNames: 'Anna Maria', surname: 'Schmidt', idType: 'Passport', idNumber: 'C01X00T47', address: 'Hauptstrasse 5, 10115 Berlin' },
  ];
  for (const [i, adult] of adults.entries()) {
    await dialog.getByRole('button', { name: 'Add to register' }).click();
    const form = dialog.getByRole('form', { name: 'Register entry' });
    await form.getByLabel('Full names').fill(adult.fullNames);
    await form.getByLabel('Surname').fill(adult.surname);
    if (adult.idType !== 'SA ID') {
      await form.getByLabel('ID type').click();
      await page.getByRole('option', { name: adult.idType }).click();
      await form.getByRole('combobox', { name: 'Nationality' }).fill('Germany');
      await page.getByRole('option', { name: 'Germany' }).click();
      await form.getByLabel('Residence status').click();
      await page.getByRole('option', { name: 'Visitor' }).click();
    }
    await form.getByLabel('ID or passport number').fill(adult.idNumber);
    await form.getByLabel('Home address').fill(adult.address);
    await form.getByLabel('Take a photo of the ID').setInputFiles(photoOfId(adult.fullNames));
    await expect(form.getByTestId('id-copy-chosen')).toContainText('Photo ready');
    await sign(page);
    await form.getByRole('button', { name: 'Save to register' }).click();
    await expect(dialog.getByTestId('register-progress')).toHaveText(`Register: ${i + 1} of 2 adults`);
  }
  const registered = dialog.getByRole('list', { name: 'Registered' }).getByRole('listitem');
  await expect(registered).toHaveText(['Register OfflineNot synced', 'Anna Maria SchmidtNot synced']);
  await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  expect((await outboxOf(page)).map((e) => e.op)).toEqual(['register.upsertEntry', 'register.upsertEntry', 'booking.setStatus']);
  expect((await filesOnDevice(page)).map((f) => [f.kind, f.uploaded, f.hasBytes]).sort()).toEqual([
    ['id-copy', false, true],
    ['id-copy', false, true],
    ['signature', false, true],
    ['signature', false, true],
  ]);
  expect(await sql('select id from register_entries where booking_id = ?', [b.id])).toEqual([]);
  await browser.close();

  // The tablet opens again, online; the session ended with the browser, so the receptionist logs in.
  const reopened = await launch(profile);
  await reopened.clearCookies();
  const again = reopened.pages()[0] ?? (await reopened.newPage());
  await login(again);
  await expect.poll(async () => (await outboxOf(again)).length, { timeout: 60_000 }).toBe(0);
  expect((await filesOnDevice(again)).map((f) => [f.uploaded, f.hasBytes])).toEqual([
    [true, false],
    [true, false],
    [true, false],
    [true, false],
  ]);

  const entries = await sql<{ full_names: string; surname: string; id_number: string; captured_by: string; signature_attachment_id: string; id_copy_attachment_id: string }>(
    'select full_names, surname, id_number, captured_by, signature_attachment_id, id_copy_attachment_id from register_entries where booking_id = ? order by captured_at',
    [b.id],
  );
  expect(entries.map((e) => [e.full_names, e.surname, e.id_number, e.captured_by])).toEqual([
    ['Register', 'Offline', '8001015009087', 'staff'],
    ['Anna Maria', 'Schmidt', 'C01X00T47', 'staff'],
  ]);
  const files = await sql<{ id: string; kind: string; content_type: string }>('select id, kind, content_type from register_attachments where booking_id = ? order by kind', [b.id]);
  expect(files.map((f) => [f.kind, f.content_type])).toEqual([
    ['id-copy', 'image/jpeg'],
    ['id-copy', 'image/jpeg'],
    ['signature', 'image/png'],
    ['signature', 'image/png'],
  ]);
  // Each file is the one its entry names, and none is stored twice.
  expect(new Set(files.map((f) => f.id))).toEqual(new Set(entries.flatMap((e) => [e.signature_attachment_id, e.id_copy_attachment_id])));
  expect((await getBooking(b.id)).status).toBe('Checked-In');
  await reopened.close();
});
