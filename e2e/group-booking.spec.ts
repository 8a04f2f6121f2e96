import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatRand } from '../shared/format.js';
import { login } from './desk-support.js';

/**
 * A group booking on a phone (390 x 844): two units of one type in one EFT booking, the
 * price for both, the confirmation naming the units, and the back office's bookings list
 * showing the one booking with its two units. Dates are counted from today in Johannesburg,
 * far enough out to be free. Pictures of the page with two units go to SHOTS_DIR when set.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SUITE = 'Luxury Safari Suite';
const shotsDir = process.env.SHOTS_DIR;

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

async function typeDate(page: Page, label: string, iso: string) {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso));
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const [w, h] of [
    [390, 844],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${shotsDir}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a guest books two units of a type by EFT on a phone, and the back office shows one booking holding two units', async ({ page, request }) => {
  const checkIn = addDays(todayInLodge(new Date()), 341);
  const checkOut = addDays(checkIn, 2);
  const email = `group.${Date.now()}@example.com`;
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; name: string }[];
  const suite = types.find((t) => t.name === SUITE)!;
  const quote = async (unitCount?: number) =>
    (await (await request.post('/api/calculate-rate', { data: { accommodationTypeId: suite.id, checkIn, checkOut, ...(unitCount ? { unitCount } : {}) } })).json()) as {
      totalAmount: number;
    };
  const [one, two] = [await quote(), await quote(2)];
  expect(two.totalAmount).toBe(one.totalAmount * 2);
  // The suites free for the stay, as the server counts them: other specs share the database
  // and may hold one of the four on these dates.
  const { availableUnits } = (await (await request.post('/api/availability', { data: { accommodationTypeId: suite.id, checkIn, checkOut } })).json()) as {
    availableUnits: number;
  };
  expect(availableUnits).toBeGreaterThanOrEqual(2);
  const unitChoices = Array.from({ length: availableUnits }, (_, i) => (i === 0 ? '1 unit' : `${i + 1} units`));

  await page.goto(`/booking?accommodation=${suite.id}`);
  await typeDate(page, 'Check-in date', checkIn);
  await typeDate(page, 'Check-out date', checkOut);
  await page.getByRole('button', { name: 'Check Availability' }).click();

  // Step 2: the suite offers 1 to as many units as are free; two units sleep four and cost
  // twice as much.
  const card = page.getByRole('article', { name: SUITE });
  await expect(card.getByText(/^Available/)).toBeVisible();
  await card.getByRole('combobox', { name: /^Units/ }).click();
  await expect(page.getByRole('option')).toHaveText(unitChoices);
  await page.getByRole('option', { name: '2 units' }).click();
  await expect(card.getByText(formatRand(two.totalAmount), { exact: true })).toBeVisible();
  await expect(card.getByText(/for 2 nights · 2 units/)).toBeVisible();
  await expect(card.getByText(/Sleeps 2 per unit · 4 in 2 units/)).toBeVisible();
  await card.getByRole('combobox', { name: /^Guests/ }).click();
  await expect(page.getByRole('option')).toHaveText(['1 guest', '2 guests', '3 guests', '4 guests']);
  await page.getByRole('option', { name: '4 guests' }).click();
  await shoot(page, 'booking-step2-two-units');
  await card.getByRole('button', { name: `Select ${SUITE}` }).click();

  // Step 3 and 4: EFT, the summary with the units and the total for both.
  await page.getByLabel('First name').fill('Naledi');
  await page.getByLabel('Last name').fill('Dlamini');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/EFT/).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await expect(page.getByText('2 nights × 2 units')).toBeVisible();
  await expect(page.getByText('Units', { exact: true })).toBeVisible();
  await expect(page.getByText('2 units', { exact: true })).toBeVisible();
  await shoot(page, 'booking-step4-two-units');
  await page.getByRole('button', { name: `Book and pay ${formatRand(two.totalAmount)} by EFT` }).click();

  // Step 5: the booking reserved, for two units.
  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  await expect(page.getByText('2 units', { exact: true })).toBeVisible();
  await expect(page.getByText('Guests', { exact: true })).toBeVisible();
  await shoot(page, 'booking-confirmation-two-units');

  // The back office: one booking, its type and two units, and the units it holds.
  await login(page, 'manager');
  await page.goto('/admin/bookings');
  await page.getByPlaceholder('Guest name, email, booking ID or reference').fill(reference);
  const row = page.getByRole('listitem').filter({ hasText: 'Naledi Dlamini' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`${SUITE} · 2 units`)).toBeVisible();
  await expect(row.getByText('Group', { exact: true })).toBeVisible();
  await expect(row.getByText(formatRand(two.totalAmount))).toBeVisible();
  await row.getByRole('button', { name: /^View booking/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await expect(dialog.getByText('Units booked')).toBeVisible();
  await expect(dialog.getByText(/^Suite \d, Suite \d$/)).toBeVisible();
  await shoot(page, 'admin-group-booking-details');
});
