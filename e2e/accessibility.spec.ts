import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';

/**
 * axe on every public page and each state a visitor can reach without paying, on a phone
 * (390 x 844): no serious or critical violation of WCAG 2 A/AA. The booking flow is driven by
 * EFT (its own guest and dates, far out), so the spec makes its own records and can be retried.
 */
test.use({ viewport: { width: 390, height: 844 } });
// Each test visits several pages, each a lazy chunk: generous on a busy machine.
test.setTimeout(180_000);
const PAGE = { timeout: 30_000 };

async function expectAccessible(page: Page, what: string) {
  // Judged as the page settles, not halfway through MUI's colour transitions.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`)).toEqual([]);
}

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

async function typeDate(page: Page, label: string, iso: string) {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso));
}

test('the landing page, with the map scrolled into view and the chat assistant open', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE);
  await expectAccessible(page, '/');
  await page.locator('#find-us').scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-container')).toBeVisible(PAGE);
  await expectAccessible(page, '/ with the map');
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  await expect(page.getByRole('dialog', { name: 'Safari Assistant' })).toBeVisible(PAGE);
  await expectAccessible(page, 'chat assistant');
});

test('the mobile menu', async ({ page }) => {
  await page.goto('/accommodations');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Staff Login' })).toBeVisible(PAGE);
  await expectAccessible(page, 'mobile menu');
});

test('accommodations, contact, login and register, not found', async ({ page }) => {
  await page.goto('/accommodations');
  await expect(page.getByRole('link', { name: 'Book Now' }).first()).toBeVisible(PAGE);
  await expectAccessible(page, '/accommodations');

  await page.goto('/contact');
  await expect(page.getByRole('button', { name: /send/i })).toBeVisible(PAGE);
  await expectAccessible(page, '/contact');

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible(PAGE);
  await expectAccessible(page, '/auth login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expectAccessible(page, '/auth register');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible(PAGE);
  await expectAccessible(page, '404');
});

test('payment return and booking confirmation states', async ({ page }) => {
  await page.goto('/payment-return');
  await expect(page.getByText('No payment reference found in URL parameters')).toBeVisible(PAGE);
  await expectAccessible(page, '/payment-return without a reference');
  await page.goto('/payment-return?reference=no-such-reference');
  await expect(page.getByRole('heading', { name: 'Verifying Payment' })).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page, '/payment-return failed');

  await page.goto('/booking-confirmation?reference=LDG-NOPE');
  await expect(page.getByLabel('Email')).toBeVisible(PAGE);
  await expectAccessible(page, '/booking-confirmation asking for the e-mail');
  await page.getByLabel('Email').fill('stranger@example.com');
  await page.getByRole('button', { name: 'Show my booking' }).click();
  await expect(page.getByText('Booking not found').first()).toBeVisible(PAGE);
  await expectAccessible(page, '/booking-confirmation not found');
});

test('each step of the booking flow, by EFT', async ({ page }) => {
  const checkIn = addDays(todayInLodge(new Date()), 330 + (Date.now() % 20));
  const checkOut = addDays(checkIn, 1);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible(PAGE);
  await expectAccessible(page, 'step 1 empty');
  await typeDate(page, 'Check-in date', checkIn);
  await typeDate(page, 'Check-out date', checkIn);
  await expect(page.getByText('Check-out date must be after check-in date')).toBeVisible(PAGE);
  await expectAccessible(page, 'step 1 with an error');
  await typeDate(page, 'Check-out date', checkOut);
  await page.getByRole('button', { name: 'Check Availability' }).click();

  await expect(page.getByRole('heading', { name: 'Choose your accommodation' })).toBeVisible(PAGE);
  await expect(page.getByText('Checking...')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page, 'step 2');
  await page.getByRole('button', { name: /^Select / }).first().click();

  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible(PAGE);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('First name is required')).toBeVisible(PAGE);
  await expectAccessible(page, 'step 3 with errors');
  await page.getByLabel('First name').fill('Axe');
  await page.getByLabel('Last name').fill('Checker');
  await page.getByLabel('Email').fill(`axe.${Date.now()}@example.com`);
  await page.getByLabel(/EFT/).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible(PAGE);
  await expectAccessible(page, 'step 4');
  await page.getByRole('button', { name: /^Book and pay R[\d,]+ by EFT$/ }).click();

  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible(PAGE);
  await expectAccessible(page, 'step 5');
});
