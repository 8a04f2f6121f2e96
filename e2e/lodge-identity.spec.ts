import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { putSettings } from './config-support.js';
import { login } from './desk-support.js';

/**
 * The lodge's identity (Lodge Settings, Lodge tab): a manager renames the lodge and the
 * landing page, its title and the installed app's manifest follow; a SuperAdmin's dashboard
 * lists what a new install still lacks. Specs share one database: each test puts the demo
 * lodge's name back whatever happens.
 */
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const DEMO_NAME = 'Leadwood Koppie';

// A new visitor each time: a returning one's service worker may first show the settings it cached.
async function freshPage(browser: Browser, viewport = { width: 1024, height: 768 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('a manager renames the lodge in the Lodge tab: the landing page, its title and the manifest say the new name', async ({ browser }) => {
  const newName = `Nyala Pan ${Date.now().toString().slice(-5)}`;
  const manager = await freshPage(browser);
  try {
    await login(manager, 'manager');
    await manager.goto('/admin/settings');
    await manager.getByRole('tab', { name: 'Lodge' }).click();
    const form = manager.getByRole('form', { name: 'Lodge details' });
    await expect(form.getByLabel('Lodge Name')).toHaveValue(DEMO_NAME);
    await manager.getByRole('button', { name: 'Edit Settings' }).click();
    await form.getByLabel('Lodge Name').fill(newName);
    await form.getByLabel('Check-in Time').fill('15:00');
    await manager.getByRole('button', { name: 'Save Settings' }).click();
    await expect(manager.getByText('Lodge settings have been saved successfully!')).toBeVisible();
    await expect(manager).toHaveTitle(`Settings · ${newName}`);

    const visitor = await freshPage(browser, { width: 390, height: 844 });
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(visitor).toHaveTitle(newName);
    await visitor.goto('/accommodations');
    await expect(visitor).toHaveTitle(`Accommodations · ${newName}`);
    await visitor.goto('/contact');
    await expect(visitor.getByText('Check-in from 15:00, check-out by 10:00')).toBeVisible();
    const manifest = (await (await visitor.request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string };
    expect(manifest.name).toBe(newName);
    expect(manifest.short_name).toBe('Nyala');
    await visitor.context().close();
  } finally {
    await putSettings({ lodgeName: DEMO_NAME, checkInTime: '14:00' });
    await manager.context().close();
  }
});

test("a SuperAdmin's dashboard lists what is unset, each a link to where it is set", async ({ browser }) => {
  const superadmin = await freshPage(browser);
  try {
    await putSettings({ lodgeName: 'Our Lodge' });
    await login(superadmin, 'superadmin');
    await superadmin.goto('/admin');
    const checklist = superadmin.getByRole('region', { name: 'Finish setting up' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('The lodge is still called "Our Lodge".')).toBeVisible();
    // Specs share one database: others may leave types without pictures, so the count is read, then checked.
    const items = checklist.getByRole('listitem');
    const unset = await items.count();
    await expect(checklist.getByText(`Guests see these on the website and in e-mails; ${unset === 1 ? 'one item is' : `${unset} items are`} still unset.`)).toBeVisible();
    await checklist.getByRole('link', { name: 'Lodge name' }).click();
    await expect(superadmin.getByRole('tab', { name: 'Lodge', selected: true })).toBeVisible();
    const form = superadmin.getByRole('form', { name: 'Lodge details' });
    await superadmin.getByRole('button', { name: 'Edit Settings' }).click();
    await form.getByLabel('Lodge Name').fill(DEMO_NAME);
    await superadmin.getByRole('button', { name: 'Save Settings' }).click();
    await expect(superadmin.getByText('Lodge settings have been saved successfully!')).toBeVisible();
    await superadmin.goto('/admin');
    await expect(superadmin.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(superadmin.getByRole('region', { name: 'Key figures' })).toBeVisible();
    if (unset === 1) await expect(checklist).toHaveCount(0);
    else {
      await expect(checklist.getByRole('link', { name: 'Lodge name' })).toHaveCount(0);
      await expect(items).toHaveCount(unset - 1);
    }

    // A manager never sees it.
    const manager = await freshPage(browser);
    await putSettings({ lodgeName: 'Our Lodge' });
    await login(manager, 'manager');
    await manager.goto('/admin');
    await expect(manager.getByRole('region', { name: 'Key figures' })).toBeVisible();
    await expect(manager.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);
    await manager.context().close();
  } finally {
    await putSettings({ lodgeName: DEMO_NAME });
    await superadmin.context().close();
  }
});
