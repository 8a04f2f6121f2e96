import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatRandToCent } from '../shared/format.js';
import { managerApi, sql } from './desk-support.js';

/**
 * The guest's own booking page on a phone (390x844), opened from the link in the confirmation
 * e-mail the SMTP double received: one guest pays the balance of a deposit booking through
 * the Paystack double and sees it Paid; another cancels 20 days ahead (the default policy's
 * 50% tier) and sees the refund before confirming and after. Each run books its own guest.
 * With SHOTS_DIR set, the screens are saved there at 390x844 and 1024x768.
 */
test.describe.configure({ timeout: 120_000 });

const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const PHONE = { width: 390, height: 844 };
const shots = process.env.SHOTS_DIR;

interface CardBooking {
  id: string;
  reference: string;
  email: string;
  totalCents: number;
  depositCents: number;
}

/**
 * A card booking paid through the Paystack double (initialize, the double takes the payment,
 * verify). The unit and check-in are the first the server accepts, from `daysAhead` on:
 * other specs share the database and may hold some units on these dates.
 */
async function cardBooking(request: APIRequestContext, baseURL: string, who: string, daysAhead: number[]): Promise<CardBooking> {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; isPackage: boolean }[];
  const units = (await (await request.get('/api/units')).json()) as { id: string; accommodationTypeId: string; isActive: boolean }[];
  const bookable = units.filter((u) => u.isActive && types.some((t) => t.id === u.accommodationTypeId && !t.isPackage));
  const email = `${who}.${Date.now()}@example.com`;
  const today = todayInLodge(new Date());
  for (const days of daysAhead) {
    const checkIn = addDays(today, days);
    for (const unit of bookable) {
      const init = await request.post('/api/payments/initialize', {
        headers: { Origin: baseURL },
        data: {
          bookingData: { unitId: unit.id, checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), numberOfGuests: 2, paymentMethod: 'Card' },
          guestData: { firstName: 'Lerato', lastName: 'Dlamini', email },
        },
      });
      if (init.status() === 409) continue;
      expect(init.status(), await init.text()).toBe(200);
      const { reference, bookingId } = (await init.json()) as { reference: string; bookingId: string };
      const { url: paystackUrl } = (await (await request.get(`${controlUrl}/paystack`)).json()) as { url: string };
      expect((await request.post(`${paystackUrl}/__test/pay`, { data: { reference } })).status()).toBe(200);
      const verified = await request.post('/api/payments/verify', { headers: { Origin: baseURL }, data: { reference } });
      expect(verified.status(), await verified.text()).toBe(200);
      const [row] = await sql<{ reference: string; total_amount: string; deposit_amount: string | null }>(
        'select reference, total_amount::text as total_amount, deposit_amount::text as deposit_amount from bookings where id = ?',
        [bookingId],
      );
      const totalCents = Math.round(Number(row.total_amount) * 100);
      return { id: bookingId, reference: row.reference, email, totalCents, depositCents: row.deposit_amount === null ? totalCents : Math.round(Number(row.deposit_amount) * 100) };
    }
  }
  throw new Error(`no unit free ${daysAhead.join(', ')} days ahead`);
}

/** No serious or critical WCAG 2 A/AA violation in what the guest sees now. */
async function expectAccessible(page: Page, what: string) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The path of the guest's link in the first e-mail to `email` that carries one. */
async function linkFromMail(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await (await fetch(`${controlUrl}/mail`)).json()) as { to: string; text: string }[];
        for (const m of mail.filter((x) => x.to.includes(email))) {
          const found = /https?:\/\/[^\s/]+(\/my-booking\/[A-Za-z0-9_-]+)/.exec(m.text);
          if (found) path = found[1];
        }
        return path !== undefined;
      },
      { message: `an e-mail with the guest's link reaches ${email}`, timeout: 30_000 },
    )
    .toBe(true);
  return path!;
}

const cents = (n: number) => formatRandToCent(n / 100);

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  // A full-page picture of a scrolled page draws the sticky app bar where it floats; from the top it sits in place.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${shots}/${name}-1024x768.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

test('a guest opens the link from the confirmation e-mail, pays the balance by card and sees Paid', async ({ page, request, baseURL }) => {
  const manager = await managerApi();
  const before = (await (await manager.get('/api/admin/settings')).json()) as { depositPercent: number };
  const set = await manager.put('/api/admin/settings', { data: { depositPercent: 30 } });
  expect(set.status(), await set.text()).toBe(200);
  let booking: CardBooking;
  try {
    // Far beyond the balance-due window (30 days by default): a 30% deposit now.
    booking = await cardBooking(request, baseURL!, 'my-booking.balance', [400 + Math.floor(Math.random() * 200), 650, 700]);
  } finally {
    await manager.put('/api/admin/settings', { data: { depositPercent: before.depositPercent } });
  }
  expect(booking.depositCents).toBe(Math.round((booking.totalCents * 30) / 100));
  const balanceCents = booking.totalCents - booking.depositCents;

  const link = await linkFromMail(booking.email);
  await page.setViewportSize(PHONE);
  await page.goto(link);

  await expect(page.getByTestId('booking-reference')).toHaveText(booking.reference);
  await expect(page.getByTestId('payment-status')).toHaveText('Deposit paid');
  await expect(page.getByTestId('amount-paid')).toHaveText(cents(booking.depositCents));
  await expect(page.getByTestId('balance-due')).toHaveText(cents(balanceCents));
  await expect(page.getByTestId('balance-due-date')).toBeVisible();
  await noSideways(page);
  await shoot(page, 'deposit-booking');
  await expectAccessible(page, 'a deposit booking');

  await expect(page.getByLabel('Amount to pay')).toHaveValue((balanceCents / 100).toFixed(2));
  await page.getByRole('button', { name: `Pay ${cents(balanceCents)} by card` }).click();

  await expect(page.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('balance-due')).toHaveText('R0.00');
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('amount-paid')).toHaveText(cents(booking.totalCents));
  await noSideways(page);
  await shoot(page, 'paid-booking');

  const [row] = await sql<{ payment_status: string; amount_paid: string }>('select payment_status, amount_paid::text as amount_paid from bookings where id = ?', [booking.id]);
  expect(row).toEqual({ payment_status: 'Paid', amount_paid: (booking.totalCents / 100).toFixed(2) });
});

test('a guest cancels 20 days ahead and sees the 50% refund before confirming and after', async ({ page, request, baseURL }) => {
  const booking = await cardBooking(request, baseURL!, 'my-booking.cancel', [20, 21, 22, 19, 18]);
  const refund = cents(Math.round((booking.totalCents * 50) / 100));

  const link = await linkFromMail(booking.email);
  await page.setViewportSize(PHONE);
  await page.goto(link);
  await expect(page.getByTestId('booking-reference')).toHaveText(booking.reference);
  await expect(page.getByTestId('balance-due')).toHaveText('R0.00');

  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${booking.reference}?` });
  await expect(dialog.getByTestId('refund-preview')).toHaveText(`You will be refunded ${refund} (50% of what you have paid).`);
  await noSideways(page);
  await shoot(page, 'cancel-dialog');
  await expectAccessible(page, 'the cancel dialog');
  await dialog.getByLabel('Reason (optional)').fill('Our flights changed');
  await dialog.getByRole('button', { name: 'Cancel my booking' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByText(`Refund: ${refund}`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await shoot(page, 'cancelled-booking');

  const [row] = await sql<{ status: string }>('select status from bookings where id = ?', [booking.id]);
  expect(row.status).toBe('Cancelled');

  // A link that does not work offers a new one.
  await page.goto('/my-booking/not-a-real-token-at-all-0000000000000');
  await expect(page.getByText('This booking link is not valid or has expired. Ask for a new link below.')).toBeVisible();
  await page.getByLabel(/Booking reference/).fill(booking.reference);
  await page.getByLabel(/Email/).fill(booking.email);
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByText('If the reference and e-mail address match a booking, a link to it is on its way.')).toBeVisible();
  await noSideways(page);
  await shoot(page, 'new-link-form');
  await expectAccessible(page, 'the new-link form');
});
