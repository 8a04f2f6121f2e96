import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';

/**
 * The guest booking flow on a phone (390 x 844): EFT from the landing page, the entire lodge
 * by card through the Paystack double's inline script, a reload in the middle, a double tap
 * and a lost answer. Dates are counted from today in Johannesburg, far enough out to be free.
 * The steps are pictured by screens/booking.screens.ts (`npm run screens`).
 */
test.use({ viewport: { width: 390, height: 844 } });

const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

function stay(offsetDays: number, nights: number) {
  const checkIn = addDays(todayInLodge(new Date()), offsetDays);
  return { checkIn, checkOut: addDays(checkIn, nights) };
}
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

/** Types a date into an MUI X date field (day, month, year sections). */
async function typeDate(page: Page, label: string, iso: string) {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso));
}

async function expectAccessible(page: Page, step: string) {
  // Colours are judged as they settle, not halfway through MUI's 300 ms colour transitions
  // (a chip turning from 'Checking...' to a filled 'Available' is pale for a moment).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${step}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function fillGuest(page: Page, g: { firstName: string; lastName: string; email: string }) {
  await page.getByLabel('First name').fill(g.firstName);
  await page.getByLabel('Last name').fill(g.lastName);
  await page.getByLabel('Email').fill(g.email);
  await page.getByLabel('Phone').fill('+27 82 555 0142');
}

type Mail = { to: string; subject: string; text: string };

/** The first e-mail the SMTP double received for `email` (the outbox sends every 500 ms). */
async function mailTo(email: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await (await fetch(`${controlUrl}/mail`)).json()) as Mail[];
        found = mail.find((m) => m.to.includes(email));
        return found !== undefined;
      },
      { message: `an e-mail reaches ${email}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

async function staffBookingsOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { username: 'manager', password: 'lodge-demo' } });
  expect(login.status()).toBe(200);
  const all = (await (await request.get('/api/admin/bookings')).json()) as { guestEmail: string; reference: string; isEntireLodgeChild: boolean }[];
  return all.filter((b) => b.guestEmail === email && !b.isEntireLodgeChild);
}

test('a visitor books a unit by EFT from the landing page to the confirmation, and gets the banking details by e-mail', async ({ page, request }) => {
  const dates = stay(200, 2);
  const email = `eft.${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'View Accommodations' }).first().click();
  await page.getByRole('link', { name: 'Book Now' }).first().click();
  await expect(page).toHaveURL(/\/booking\?accommodation=/);

  // Step 1
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
  const check = page.getByRole('button', { name: 'Check Availability' });
  await expect(check).toBeDisabled();
  await typeDate(page, 'Check-in date', dates.checkIn);
  await typeDate(page, 'Check-out date', dates.checkIn);
  await expect(page.getByText('Check-out date must be after check-in date')).toBeVisible();
  await expect(check).toBeDisabled();
  await typeDate(page, 'Check-out date', dates.checkOut);
  await expect(check).toBeEnabled();
  await expectAccessible(page, 'dates');
  await check.click();

  // Step 2: the preselected type comes first, with its availability and price.
  await expect(page.getByRole('heading', { name: 'Choose your accommodation' })).toBeVisible();
  await expect(page.getByText('Your choice')).toBeVisible();
  const select = page.getByRole('button', { name: /^Select / }).first();
  await expect(select).toBeEnabled();
  await expect(page.getByText(/^Available/).first()).toBeVisible();
  await expect(page.getByText('Checking...')).toHaveCount(0);
  await expectAccessible(page, 'accommodation');
  await select.click();

  // Step 3: the spec's validation messages, then the details.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await fillGuest(page, { firstName: 'Lerato', lastName: 'Mokoena', email });
  await page.getByLabel(/EFT/).check();
  await expectAccessible(page, 'guest details');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // Step 4: the EFT hold with the lodge's real hours.
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await expect(page.getByText(/held for 48 hours pending manual verification/)).toBeVisible();
  await expectAccessible(page, 'payment');
  await page.getByRole('button', { name: /^Book and pay R[\d,]+ by EFT$/ }).click();

  // Step 5
  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  await expect(page.getByText('First National Bank')).toBeVisible();
  await expect(page.getByText('62841057723')).toBeVisible();
  await expectAccessible(page, 'confirmation');

  const mail = await mailTo(email);
  expect(mail.subject).toContain(reference);
  expect(mail.text).toContain('62841057723');

  const lookup = await request.get(`/api/bookings/lookup?reference=${reference}&email=${encodeURIComponent(email)}`);
  const booking = await lookup.json();
  expect(booking).toMatchObject({ status: 'Provisional', paymentStatus: 'Pending', paymentMethod: 'EFT', checkInDate: dates.checkIn, checkOutDate: dates.checkOut });
  const holdHours = (new Date(booking.holdExpiresAt).getTime() - Date.now()) / 3_600_000;
  expect(holdHours).toBeGreaterThan(47.5);
  expect(holdHours).toBeLessThanOrEqual(48);

  // The saved form is gone: a new visit starts at step 1.
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'When would you like to stay?' })).toBeVisible();
});

test('a visitor books the entire lodge by card through the Paystack popup; cancelling first shows Payment Cancelled', async ({ page, request }) => {
  const dates = stay(260, 2);
  const email = `lodge.${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Book Entire Lodge' }).click();
  await expect(page).toHaveURL(/type=entire-lodge/);
  await typeDate(page, 'Check-in date', dates.checkIn);
  await typeDate(page, 'Check-out date', dates.checkOut);
  await page.getByRole('button', { name: 'Check Availability' }).click();

  await expect(page.getByRole('button', { name: /^Select / })).toHaveCount(1);
  await page.getByRole('button', { name: /^Select / }).click();
  await fillGuest(page, { firstName: 'Pieter', lastName: 'Botha', email });
  await expect(page.getByLabel(/^Card/)).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByText(/Card payment discount \(5%\)/)).toBeVisible();
  await expectAccessible(page, 'card payment');
  const pay = page.getByRole('button', { name: /^Pay R[\d,]+ by card$/ });
  const cardTotal = (await pay.textContent())!.match(/R[\d,]+/)![0];

  await page.evaluate(() => ((window as unknown as { __paystackDoubleOutcome: string }).__paystackDoubleOutcome = 'cancel'));
  await pay.click();
  await expect(page.getByText('Payment Cancelled')).toBeVisible();
  await expect(page.getByText('Your payment was cancelled. Please try again if you wish to complete your booking.')).toBeVisible();

  await page.evaluate(() => ((window as unknown as { __paystackDoubleOutcome: string }).__paystackDoubleOutcome = 'success'));
  await page.getByRole('button', { name: `Try again: pay ${cardTotal}` }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(page.getByText(`Paid by card`)).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  await expectAccessible(page, 'card confirmation');

  const booking = await (await request.get(`/api/bookings/lookup?reference=${reference}&email=${encodeURIComponent(email)}`)).json();
  expect(booking).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Card', unitName: null });
  expect(`R${booking.totalAmount.toLocaleString('en-US')}`).toBe(cardTotal);
  // The cancelled try and the paid one were the same booking.
  expect(await staffBookingsOf(request, email)).toHaveLength(1);
});

test('a reload in the middle of step 3 keeps the typed details; a double tap and a lost answer still make one booking', async ({ page, request }) => {
  const dates = stay(320, 3);
  const email = `reload.${Date.now()}@example.com`;
  // The chat assistant's link: valid dates open step 2 directly.
  await page.goto(`/booking?checkIn=${dates.checkIn}&checkOut=${dates.checkOut}&guests=2`);
  await expect(page.getByRole('heading', { name: 'Choose your accommodation' })).toBeVisible();
  await page.getByRole('button', { name: /^Select / }).first().click();
  await fillGuest(page, { firstName: 'Anele', lastName: 'Zulu', email });
  await page.getByLabel('Special requests').fill('A quiet room, please');
  await page.getByLabel(/EFT/).check();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Anele');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Special requests')).toHaveValue('A quiet room, please');
  await expect(page.getByLabel(/EFT/)).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // The first answer is lost on the way back (the booking is made, the phone never hears).
  let lost = false;
  await page.route('**/api/bookings', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: /^Book and pay/ }).dblclick();
  await expect(page.getByText(/You appear to be offline\./)).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();

  const mine = await staffBookingsOf(request, email);
  expect(mine.map((b) => b.reference)).toEqual([reference]);
});

test('the booking confirmation page asks for the e-mail and shows the booking only when both match', async ({ page, request }) => {
  const types = await (await request.get('/api/accommodations')).json();
  const units = await (await request.get('/api/units')).json();
  const type = types.find((t: { isPackage: boolean }) => !t.isPackage);
  const unit = units.find((u: { accommodationTypeId: string }) => u.accommodationTypeId === type.id);
  const dates = stay(380, 1);
  const email = `confirm.${Date.now()}@example.com`;
  const created = await request.post('/api/bookings', {
    data: {
      unitId: unit.id,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      paymentMethod: 'EFT',
      guestData: { firstName: 'Sam', lastName: 'Nkosi', email },
    },
  });
  expect(created.status()).toBe(201);
  const { reference } = await created.json();

  await page.goto(`/booking-confirmation?reference=${reference}`);
  await page.getByLabel('Email').fill('stranger@example.com');
  await page.getByRole('button', { name: 'Show my booking' }).click();
  await expect(page.getByText('Booking not found').first()).toBeVisible();
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Show my booking' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is reserved' })).toBeVisible();
  await expect(page.getByTestId('booking-reference')).toHaveText(reference);
  await expectAccessible(page, 'confirmation page');
});
