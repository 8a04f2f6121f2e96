import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../../shared/domain/dates.js';
import { login, managerApi, outboxOf, sql, waitForDeskRow, type ServerBooking } from '../desk-support.js';
import { capture, PHONE, SCREENS_DIR, TABLET } from './capture.js';

/**
 * An early departure on screen (not a test): the front desk's check-out question (online and
 * offline), the panel while the release waits, and the folio with the credit once released,
 * on a phone and a tablet.
 */
test.use({ serviceWorkers: 'block' });

const today = () => todayInLodge(new Date());
const made: string[] = [];
test.afterAll(async () => {
  const api = await managerApi();
  for (const id of made.splice(0)) {
    const [row] = await sql<{ status: string }>('select status from bookings where id = ?', [id]);
    if (row?.status === 'Checked-In') await api.put(`/api/admin/bookings/${id}`, { data: { status: 'Checked-Out' } });
  }
});

/** In since yesterday, booked 3 nights in all (until the day after tomorrow), paid, checked in. */
async function guestInHouse(name: string): Promise<ServerBooking> {
  const [unit] = await sql<{ id: string }>(
    `select u.id from units u join accommodation_types t on t.id = u.accommodation_type_id
      where u.is_active and t.is_active and not t.is_package
        and not exists (select 1 from bookings b where b.unit_id = u.id and b.status in ('Provisional', 'Confirmed', 'Checked-In')
                         and daterange(b.check_in_date, b.check_out_date, '[)') && daterange(?::date, ?::date, '[)'))
      order by u.name limit 1`,
    [addDays(today(), -1), addDays(today(), 2)],
  );
  const api = await managerApi();
  const [firstName, lastName] = name.split(' ');
  const res = await api.post('/api/admin/bookings', {
    data: {
      unitId: unit.id,
      checkInDate: addDays(today(), -1),
      checkOutDate: addDays(today(), 2),
      numberOfGuests: 2,
      totalAmount: 4500,
      paymentMethod: 'cash',
      paymentStatus: 'paid',
      guestData: { firstName, lastName, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${Date.now()}@example.com` },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as ServerBooking;
  made.push(booking.id);
  await api.put(`/api/admin/bookings/${booking.id}`, { data: { status: 'Checked-In' } });
  return booking;
}

async function openPanel(page: Page, b: ServerBooking) {
  await page.goto('/admin/front-desk');
  await page.getByLabel('Find a booking').fill(b.reference);
  await waitForDeskRow(page, b.reference);
  await page.getByRole('button', { name: `${b.guestName}, ${b.reference}: details` }).first().click();
  return page.getByRole('region', { name: 'Booking details' });
}

test('early departure', async ({ browser }) => {
  test.setTimeout(180_000);
  await sql(`update settings set early_departure_charge = 'none' where id = 1`);
  const online = await guestInHouse('Refilwe Screens');
  const offline = await guestInHouse('Bongani Screens');
  const context = await browser.newContext({ viewport: TABLET, serviceWorkers: 'block' });
  const page = await context.newPage();
  await login(page);

  // Online: the question, then the folio with the credit.
  let panel = await openPanel(page, online);
  await panel.getByRole('button', { name: 'Check out', exact: true }).click();
  const ask = page.getByRole('dialog', { name: `Check out ${online.guestName}?` });
  await expect(ask).toContainText('Release the remaining 2 nights?');
  await capture(page, 'early-departure', 'check-out-question', [PHONE, TABLET]);
  await ask.getByRole('button', { name: 'Release 2 nights' }).click();
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await expect(panel.getByTestId('panel-left-early')).toBeVisible();
  const folio = panel.getByRole('region', { name: 'Folio' });
  await expect(folio.getByRole('listitem', { name: 'Early departure: 2 nights released' })).toBeVisible();
  await page.getByRole('button', { name: 'Close details' }).click();

  for (const size of [PHONE, TABLET]) {
    await page.setViewportSize(size);
    panel = await openPanel(page, online);
    await panel.getByTestId('panel-left-early').scrollIntoViewIfNeeded();
    await capture(page, 'early-departure', 'panel-left-early', [size]);
    await panel.getByRole('region', { name: 'Folio' }).scrollIntoViewIfNeeded();
    await capture(page, 'early-departure', 'folio-credit', [size]);
    await page.getByRole('button', { name: 'Close details' }).click();
  }

  // Offline: the question says the release waits, and so do the panel and the folio.
  await page.setViewportSize(TABLET);
  panel = await openPanel(page, offline);
  await context.setOffline(true);
  await panel.getByRole('button', { name: 'Check out', exact: true }).click();
  const askOffline = page.getByRole('dialog', { name: `Check out ${offline.guestName}?` });
  await expect(askOffline).toContainText('Offline:');
  await capture(page, 'early-departure', 'check-out-question-offline', [PHONE, TABLET]);
  await askOffline.getByRole('button', { name: 'Release 2 nights' }).click();
  await expect(panel.getByTestId('release-waiting')).toBeVisible();
  await capture(page, 'early-departure', 'release-waiting', [PHONE, TABLET]);
  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await context.close();
});

test('the early departure setting on the Lodge tab', async ({ page }) => {
  await login(page, 'manager');
  for (const size of [PHONE, TABLET]) {
    await page.setViewportSize(size);
    await page.goto('/admin/settings?tab=lodge');
    const card = page.getByRole('region', { name: 'Early Departures' });
    await expect(card.getByRole('combobox', { name: 'Nights released at an early check-out' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SCREENS_DIR}/early-departure/${size.width}-setting.png`, animations: 'disabled' });
  }
});
