import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { putSettings } from './config-support.js';
import { typeDate } from './date-support.js';

/**
 * The back office's configuration screens: Lodge Settings (keys warning by role, Test
 * Connection against the Paystack double, the card switch as the guest flow sees it), staff
 * accounts and the audit log. Specs share one database: each test makes its own records, and
 * the one that turns card payments off turns them back on whatever happens. The screens are
 * pictured by screens/admin-settings.screens.ts (`npm run screens`).
 */

async function login(page: Page, username: string, password = 'lodge-demo') {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/admin/);
}

// The machine running these is shared and slow; each test drives several browsers, and a
// lazy page can take more than the default 10 s to arrive.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function staffPage(browser: Browser, username: string, { viewport = { width: 1024, height: 768 }, password = 'lodge-demo' } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, username, password);
  return page;
}

const KEYS_WARNING = 'Use test keys (pk_test_ and sk_test_) in development and live keys (pk_live_ and sk_live_) only in production.';

test('a manager sees no keys warning; a superadmin does, and Test Connection succeeds against the Paystack double', async ({ browser }) => {
  const manager = await staffPage(browser, 'manager');
  await manager.goto('/admin/settings');
  // The demo's key is saved but nobody has tested it yet.
  await expect(manager.getByTestId('paystack-status')).toHaveText('Key saved, not tested');
  await expect(manager.getByText('Connected and configured')).toHaveCount(0);
  await expect(manager.getByText(KEYS_WARNING)).toHaveCount(0);
  // The secret key is only ever shown masked.
  await expect(manager.getByLabel('Paystack Secret Key')).toHaveValue(/^sk_test_••••/);
  await manager.context().close();

  const superadmin = await staffPage(browser, 'superadmin');
  await superadmin.goto('/admin/settings');
  await expect(superadmin.getByText(KEYS_WARNING)).toBeVisible();
  await superadmin.getByRole('button', { name: 'Test Connection' }).click();
  await expect(superadmin.getByText('Connection Test', { exact: true })).toBeVisible();
  await expect(superadmin.getByText('Paystack connection test successful!')).toBeVisible();
  await expect(superadmin.getByTestId('paystack-status')).toHaveText('Connected and configured');
  // Kept on the server: after a reload too.
  await superadmin.reload();
  await expect(superadmin.getByTestId('paystack-status')).toHaveText('Connected and configured');
  await superadmin.context().close();
});

test('turning card payments off in the settings takes card out of the guest booking flow', async ({ browser }) => {
  const checkIn = addDays(todayInLodge(new Date()), 230);
  const bookingUrl = `/booking?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=2`;
  // A new visitor each time: a returning one's service worker may show the catalogue it
  // cached on the last visit once more (stale-while-revalidate) before the change.
  const paymentChoices = async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(bookingUrl);
      await page.getByRole('button', { name: /^Select / }).first().click();
      const group = page.getByRole('radiogroup');
      await expect(group.getByRole('radio', { name: /^EFT/ })).toBeVisible();
      return await group.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
    } finally {
      await context.close();
    }
  };
  expect(await paymentChoices()).toEqual(['Card', 'EFT']);

  const admin = await staffPage(browser, 'superadmin');
  try {
    await admin.goto('/admin/settings');
    await admin.getByRole('button', { name: 'Edit Settings' }).click();
    await admin.getByRole('switch', { name: 'Card Payments' }).uncheck();
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.getByText('Settings Updated')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Edit Settings' })).toBeVisible();
    await expect(admin.getByRole('switch', { name: 'Card Payments' })).not.toBeChecked();

    expect(await paymentChoices()).toEqual(['EFT']);
  } finally {
    await putSettings({ allowCardPayments: true });
    await admin.context().close();
  }
  expect(await paymentChoices()).toEqual(['Card', 'EFT']);
});

test('a superadmin creates a staff account; that person logs in with the first password, and the role change is in the audit log', async ({ browser }) => {
  const username = `e2e.staff.${Date.now()}`;
  const admin = await staffPage(browser, 'superadmin');
  await admin.goto('/admin/staff');
  await admin.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByLabel(/First Name/).fill('Nomsa');
  await dialog.getByLabel(/Last Name/).fill('Zulu');
  await dialog.getByLabel(/Username/).fill(username);
  await dialog.getByLabel(/Email/).fill(`${username}@lodge.test`);
  await dialog.getByLabel(/First Password/).fill('first-pass-1');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(admin.getByText('Staff member created successfully!')).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(username.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Receptionist');

  const newcomer = await staffPage(browser, username, { viewport: { width: 390, height: 844 }, password: 'first-pass-1' });
  const me = await (await newcomer.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ username, firstName: 'Nomsa', lastName: 'Zulu', role: 'Receptionist' });
  await newcomer.context().close();

  // The role change, then the audit log filtered by the person who made it.
  await row.getByRole('combobox', { name: 'Role of Nomsa Zulu' }).click();
  await admin.getByRole('option', { name: 'Manager' }).click();
  await expect(admin.getByText('Staff member updated successfully!')).toBeVisible();

  await admin.goto('/admin/audit');
  await admin.getByRole('combobox', { name: 'Record type' }).click();
  await admin.getByRole('option', { name: 'Staff account' }).click();
  await admin.getByLabel('Person (username)').fill('superadmin');
  // Newest first; an update lists only what changed, so it does not name the username.
  const change = admin.getByRole('article', { name: 'Staff update by superadmin' }).first();
  await expect(change).toBeVisible();
  await expect(change.getByRole('row', { name: /Role/ })).toHaveText(/Role\s*Receptionist\s*Manager/);
  await admin.context().close();
});

test('a manager changes an event and the audit log shows before and after', async ({ browser }) => {
  const name = `Sundowner ${Date.now()}`;
  const manager = await staffPage(browser, 'manager');
  await manager.goto('/admin/events');
  await manager.getByRole('button', { name: 'Add Event' }).first().click();
  const create = manager.getByRole('dialog', { name: 'Create New Event' });
  await create.getByLabel(/Event Name/).fill(name);
  await typeDate(manager, create, /Event Date/, addDays(todayInLodge(new Date()), 60));
  await manager.keyboard.type('1730');
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(manager.getByText('Event created successfully!')).toBeVisible();

  const card = manager.getByRole('article', { name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = manager.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Description').fill('Drinks at the dam as the sun goes down.');
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expect(card.getByText('Drinks at the dam as the sun goes down.')).toBeVisible();

  await manager.goto('/admin/audit');
  await manager.getByRole('combobox', { name: 'Record type' }).click();
  await manager.getByRole('option', { name: 'Event' }).click();
  const update = manager.getByRole('article', { name: 'Event update by manager' }).first();
  await expect(update.getByRole('row', { name: /Description/ })).toHaveText(/Description\s*—\s*Drinks at the dam as the sun goes down\./);
  await manager.context().close();
});
