import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { spreadCentsByWeights } from '../shared/domain/money.js';
import { formatRand, formatRandToCent, formatStayDate } from '../shared/format.js';
import { login, managerApi, mutationsFor, outboxOf, sql, waitForDeskRow, type ServerBooking } from './desk-support.js';

/**
 * An early departure at the front desk, on a 1024x768 tablet (docs/product.md, Early
 * departures): a guest in since yesterday and booked until tomorrow leaves today. The
 * receptionist checks them out, answers "Release the remaining 1 night?", and sees the folio's
 * credit; the night can be booked at once. Offline, the check-out applies on the tablet and the
 * screen says the release waits; back online it reaches the server once. The service worker
 * stays out (as in the folio spec): the page is open before the network goes.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 1024, height: 768 } });

const today = () => todayInLodge(new Date());
const made: string[] = [];

test.beforeAll(async () => {
  // The lodge's default: released nights are credited on the folio.
  await sql(`update settings set early_departure_charge = 'none' where id = 1`);
});
test.afterAll(async () => {
  // Whatever is still live gives its unit back.
  const api = await managerApi();
  for (const id of made.splice(0)) {
    const [row] = await sql<{ status: string }>('select status from bookings where id = ?', [id]);
    if (row?.status === 'Checked-In') await api.put(`/api/admin/bookings/${id}`, { data: { status: 'Checked-Out' } });
    else if (row && ['Provisional', 'Confirmed'].includes(row.status)) await api.put(`/api/admin/bookings/${id}`, { data: { status: 'Cancelled', cancellationReason: 'e2e clean-up' } });
  }
});

/** A unit of a plain type nobody holds from yesterday to tomorrow (nor tonight's second guest). */
async function freeUnit(): Promise<string> {
  const rows = await sql<{ id: string }>(
    `select u.id from units u join accommodation_types t on t.id = u.accommodation_type_id
      where u.is_active and t.is_active and not t.is_package
        and not exists (select 1 from bookings b where b.unit_id = u.id and b.status in ('Provisional', 'Confirmed', 'Checked-In')
                         and daterange(b.check_in_date, b.check_out_date, '[)') && daterange(?::date, ?::date, '[)'))
        and not exists (select 1 from unit_out_of_order o where o.unit_id = u.id and daterange(o.start_date, o.end_date, '[)') && daterange(?::date, ?::date, '[)'))
      order by u.name limit 1`,
    [addDays(today(), -1), addDays(today(), 2), addDays(today(), -1), addDays(today(), 2)],
  );
  if (!rows.length) throw new Error('no unit free from yesterday to tomorrow');
  return rows[0].id;
}

/** In since yesterday, booked until tomorrow (2 nights), paid R3,000 in cash, checked in. */
async function guestInHouse(name: string): Promise<ServerBooking> {
  const api = await managerApi();
  const [firstName, lastName] = name.split(' ');
  const res = await api.post('/api/admin/bookings', {
    data: {
      unitId: await freeUnit(),
      checkInDate: addDays(today(), -1),
      checkOutDate: addDays(today(), 1),
      numberOfGuests: 2,
      totalAmount: 3000,
      paymentMethod: 'cash',
      paymentStatus: 'paid',
      guestData: { firstName, lastName, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${Date.now()}@example.com` },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as ServerBooking;
  made.push(booking.id);
  expect((await api.put(`/api/admin/bookings/${booking.id}`, { data: { status: 'Checked-In' } })).status()).toBe(200);
  return booking;
}

/** The credit of tonight's night: R3,000 spread over the two nights by the prices quoted, to the cent. */
async function expectedCredit(bookingId: string): Promise<number> {
  const [row] = await sql<{ night_amounts: number[] }>('select night_amounts from bookings where id = ?', [bookingId]);
  expect(row.night_amounts).toHaveLength(2);
  return spreadCentsByWeights(300000, row.night_amounts)[1] / 100;
}

async function openPanel(page: Page, b: ServerBooking) {
  await page.getByLabel('Find a booking').fill(b.reference);
  await waitForDeskRow(page, b.reference);
  await page.getByRole('button', { name: `${b.guestName}, ${b.reference}: details` }).first().click();
  return page.getByRole('region', { name: 'Booking details' });
}

test('a receptionist checks a guest out a day early, releases the night and sees the folio credit; the night is bookable at once', async ({ page }) => {
  const b = await guestInHouse('Refilwe Early');
  const credit = await expectedCredit(b.id);
  await login(page);
  await page.goto('/admin/front-desk');
  const panel = await openPanel(page, b);
  const folio = panel.getByRole('region', { name: 'Folio' });
  await expect(folio.getByTestId('folio-balance')).toHaveText('R0');

  await panel.getByRole('button', { name: 'Check out', exact: true }).click();
  const ask = page.getByRole('dialog', { name: `Check out ${b.guestName}?` });
  await expect(ask).toContainText(`Booked until ${formatStayDate(addDays(today(), 1))}. Release the remaining 1 night?`);
  await expect(ask.getByText('Offline:')).toHaveCount(0);
  await ask.getByRole('button', { name: 'Release 1 night' }).click();
  await expect(ask).toBeHidden();

  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await expect(panel.getByTestId('panel-left-early')).toHaveText(`Booked until ${formatStayDate(addDays(today(), 1))}: 1 night released, ${formatRandToCent(credit)} credited`);
  const creditLine = folio.getByRole('list', { name: 'Folio lines' }).getByRole('listitem', { name: 'Early departure: 1 night released' });
  await expect(creditLine).toContainText(formatRand(-credit));
  // Paid R3,000 for a stay that now comes to R3,000 less the credit: the lodge owes it back.
  await expect(folio.getByTestId('folio-balance')).toHaveText(formatRand(-credit));

  const [row] = await sql<{ status: string; check_out_date: string; original_check_out_date: string; early_departure_credit: string }>(
    'select status, check_out_date::text, original_check_out_date::text, early_departure_credit::text from bookings where id = ?',
    [b.id],
  );
  expect(row).toEqual({ status: 'Checked-Out', check_out_date: today(), original_check_out_date: addDays(today(), 1), early_departure_credit: credit.toFixed(2) });
  expect((await mutationsFor(b.id)).map((m) => [m.operation, m.outcome])).toEqual([
    ['booking.setStatus', 'applied'],
    ['booking.releaseNights', 'applied'],
  ]);

  // Tonight is free: another guest books it on the same unit.
  const api = await managerApi();
  const [unit] = await sql<{ unit_id: string }>('select unit_id from bookings where id = ?', [b.id]);
  const next = await api.post('/api/admin/bookings', {
    data: { unitId: unit.unit_id, checkInDate: today(), checkOutDate: addDays(today(), 1), totalAmount: 1500, paymentMethod: 'cash', paymentStatus: 'pending', guestData: { firstName: 'Tonight', lastName: 'Walkin', email: `tonight.${Date.now()}@example.com` } },
  });
  expect(next.status(), await next.text()).toBe(201);
  made.push(((await next.json()) as ServerBooking).id);
});

test('offline, the check-out applies and the screen says the release waits; online it is applied once', async ({ page, context }) => {
  const b = await guestInHouse('Bongani Offline');
  const credit = await expectedCredit(b.id);
  await login(page);
  await page.goto('/admin/front-desk');
  const panel = await openPanel(page, b);
  const folio = panel.getByRole('region', { name: 'Folio' });
  await expect(folio.getByTestId('folio-balance')).toHaveText('R0');

  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
  await panel.getByRole('button', { name: 'Check out', exact: true }).click();
  const ask = page.getByRole('dialog', { name: `Check out ${b.guestName}?` });
  await expect(ask).toContainText('Release the remaining 1 night?');
  await expect(ask).toContainText('Offline: the check-out is saved on this tablet now; the nights are released when it is back online.');
  await ask.getByRole('button', { name: 'Release 1 night' }).click();
  await expect(ask).toBeHidden();

  await expect(panel.getByText('Checked-Out')).toBeVisible();
  await expect(panel.getByTestId('release-waiting')).toHaveText('The remaining 1 night will be released when the tablet is back online.');
  await expect(folio.getByTestId('folio-release-pending')).toContainText('the release of 1 night is pending until the tablet is back online');
  // No guessed amount: the stay is still charged as booked until the server says otherwise.
  await expect(folio.getByTestId('folio-balance')).toHaveText('R0');
  expect((await outboxOf(page)).map((e) => e.op)).toEqual(['booking.setStatus', 'booking.releaseNights']);
  const [before] = await sql<{ status: string; original_check_out_date: string | null }>('select status, original_check_out_date from bookings where id = ?', [b.id]);
  expect(before).toEqual({ status: 'Checked-In', original_check_out_date: null });

  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await expect(panel.getByTestId('release-waiting')).toHaveCount(0);
  await expect(panel.getByTestId('panel-left-early')).toContainText('1 night released');
  await expect(folio.getByTestId('folio-balance')).toHaveText(formatRand(-credit));
  // Once each, in order.
  expect((await mutationsFor(b.id)).map((m) => [m.operation, m.outcome])).toEqual([
    ['booking.setStatus', 'applied'],
    ['booking.releaseNights', 'applied'],
  ]);
  expect(await sql(`select count(*)::int as n from audit_log where entity_id = ? and action = 'booking.release_nights'`, [b.id])).toEqual([{ n: 1 }]);
});
