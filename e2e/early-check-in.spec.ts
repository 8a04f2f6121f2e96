import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { lodgeDateTimeToUtc } from '../shared/domain/dates.js';
import { formatStayDate } from '../shared/format.js';
import { bookingsArriving, deskRow, login, managerApi, mutationsFor, outboxOf, shootPhoneAndTablet, sql, waitForDeskRow, type ServerBooking } from './desk-support.js';

/**
 * A Manager's early check-in (docs/product.md, Front Desk): a guest arriving later is not
 * offered Check in; a Manager or SuperAdmin checks them in early with a reason, kept in the
 * audit log; a Receptionist is never offered it, and a check-in a stale tablet queued offline
 * before the arrival date is refused on replay with the server's words.
 * page.route and the offline switch cannot see requests a service worker handles, so the
 * worker stays out here (the front-desk spec covers it).
 */
test.use({ serviceWorkers: 'block' });

const IN_DAYS = 3;
const shots = process.env.OVERRIDE_SHOTS;
const made: ServerBooking[] = [];

/** With OVERRIDE_SHOTS set: the page on a phone and a tablet, as PNGs in that folder. */
const shoot = (page: Page, name: string) => shootPhoneAndTablet(page, shots, name);

async function arriving(name: string): Promise<ServerBooking> {
  const [b] = await bookingsArriving([name], IN_DAYS);
  made.push(b);
  return b;
}

/** The booking's status on the server, whatever its dates. */
async function serverStatus(id: string): Promise<string> {
  const [row] = await sql<{ status: string }>('select status from bookings where id = ?', [id]);
  return row.status;
}

// The shared clean-up reads bookings of the next two days only: these arrive later, so they
// give their units back here (checked in: out; otherwise cancelled).
test.afterEach(async () => {
  const api = await managerApi();
  for (const b of made.splice(0)) {
    const status = await serverStatus(b.id);
    const update = status === 'Checked-In' ? { status: 'Checked-Out' } : status === 'Provisional' || status === 'Confirmed' ? { status: 'Cancelled', cancellationReason: 'e2e clean-up' } : null;
    if (update) await api.put(`/api/admin/bookings/${b.id}`, { data: update });
  }
});

async function openOnDesk(page: Page, b: ServerBooking) {
  await page.goto('/admin/front-desk');
  await page.getByRole('searchbox', { name: 'Find a booking' }).fill(b.reference);
  // The first visit after login waits for the device's first pull: slow on a busy machine.
  await expect(deskRow(page, b.reference)).toBeVisible({ timeout: 45_000 });
  await expect(deskRow(page, b.reference).getByRole('button', { name: `Check in ${b.guestName}` })).toHaveCount(0);
  await deskRow(page, b.reference).getByRole('button', { name: /details/ }).click();
  const panel = page.getByRole('region', { name: 'Booking details' });
  await expect(panel.getByRole('heading', { name: b.guestName })).toBeVisible();
  // No plain check-in before the arrival date, for anyone.
  await expect(panel.getByRole('button', { name: 'Check in', exact: true })).toHaveCount(0);
  return panel;
}

async function openStatusSelect(page: Page, b: ServerBooking) {
  await page.goto('/admin/bookings');
  await expect(page.getByLabel('Search')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('Search').fill(b.guestName);
  await expect(page.getByRole('button', { name: /^View booking / })).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('combobox', { name: `Status of ${b.guestName}` }).first().click();
}

test(`a manager checks in a guest arriving in ${IN_DAYS} days early, with a reason; the audit log shows it`, async ({ page }) => {
  const b = await arriving('Early Flight');
  await login(page, 'manager');
  const panel = await openOnDesk(page, b);
  await shoot(page, 'desk-panel-early-check-in');
  await panel.getByRole('button', { name: 'Early check-in' }).click();
  const dialog = page.getByRole('dialog', { name: `Check in ${b.guestName} early?` });
  await expect(dialog).toContainText(`This guest arrives on ${formatStayDate(b.checkInDate)}. Checking in before the arrival date needs a Manager's reason, kept in the audit log.`);

  // The reason is required: nothing is sent without one.
  await dialog.getByRole('button', { name: 'Check in early' }).click();
  await expect(dialog).toContainText('Give a reason for checking the guest in before the arrival date');
  expect(await serverStatus(b.id)).toBe(b.status);
  await shoot(page, 'early-check-in-required');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByLabel(/Reason for early check-in/).fill('Flight landed early; the room is ready');
  await shoot(page, 'early-check-in-reason');
  await dialog.getByRole('button', { name: 'Check in early' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByText('Checked-In', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Early check-in' })).toHaveCount(0);
  // Online the check-in went straight to the server: nothing waits in the outbox.
  expect(await serverStatus(b.id)).toBe('Checked-In');
  expect(await outboxOf(page)).toEqual([]);

  await page.goto('/admin/audit');
  await page.getByLabel('Record ID').fill(b.id);
  const entry = page.getByRole('article', { name: 'Booking early check in override by manager' });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await expect(entry.getByRole('row', { name: /^Reason/ })).toHaveText('Reason—Flight landed early; the room is ready');
  await expect(entry.getByRole('row', { name: /^Status/ })).toHaveText(`Status${b.status}Checked-In`);
});

test('Booking Management offers a manager the early check-in in the status select', async ({ page }) => {
  const b = await arriving('Select Early');
  await login(page, 'manager');
  await openStatusSelect(page, b);
  await page.keyboard.press('Escape');
  // The edit dialog offers it too, as a step of its own.
  await page.getByRole('button', { name: /^Edit booking / }).click();
  const edit = page.getByRole('dialog', { name: /^Edit Booking / });
  await shoot(page, 'edit-dialog-early-check-in');
  await edit.getByRole('button', { name: 'Early check-in' }).click();
  await page.getByRole('dialog', { name: `Check in ${b.guestName} early?` }).getByRole('button', { name: 'Not yet' }).click();
  await edit.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(edit).toHaveCount(0);

  await page.getByRole('combobox', { name: `Status of ${b.guestName}` }).first().click();
  const offered = b.status === 'Provisional' ? ['Provisional', 'Confirmed', 'Cancelled', 'Early check-in…'] : ['Confirmed', 'Provisional', 'Cancelled', 'Early check-in…'];
  await expect(page.getByRole('option')).toHaveText(offered);
  if (shots) {
    // A phone shows cards and a tablet the table: the select is opened again at each size.
    await page.keyboard.press('Escape');
    for (const [width, height] of [
      [390, 844],
      [1024, 768],
    ]) {
      await page.setViewportSize({ width, height });
      await page.getByRole('combobox', { name: `Status of ${b.guestName}` }).first().click();
      await expect(page.getByRole('option')).toHaveText(offered);
      await page.screenshot({ path: `${shots}/status-select-early-check-in-${width}x${height}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option')).toHaveCount(0);
    }
    await page.getByRole('combobox', { name: `Status of ${b.guestName}` }).first().click();
  }
  await page.getByRole('option', { name: 'Early check-in…' }).click();
  const dialog = page.getByRole('dialog', { name: `Check in ${b.guestName} early?` });
  await dialog.getByLabel(/Reason for early check-in/).fill('Guest drove up from Johannesburg a day early');
  await dialog.getByRole('button', { name: 'Check in early' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: `Status of ${b.guestName}` }).first()).toHaveText('Checked-In');
  expect(await serverStatus(b.id)).toBe('Checked-In');
  const [audit] = await sql<{ actor_username: string; after: { reason: string } }>(
    "select actor_username, after from audit_log where entity_id = ? and action = 'booking.early_check_in_override'",
    [b.id],
  );
  expect(audit).toEqual({ actor_username: 'manager', after: { status: 'Checked-In', reason: 'Guest drove up from Johannesburg a day early' } });
});

test('a receptionist is never offered the early check-in', async ({ page }) => {
  const b = await arriving('Not Offered');
  await login(page, 'receptionist');
  const panel = await openOnDesk(page, b);
  // The panel still offers what a receptionist may do (cancel), and no early check-in.
  await expect(panel.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Early check-in' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close details' }).click();

  await openStatusSelect(page, b);
  const offered = b.status === 'Provisional' ? ['Provisional', 'Confirmed', 'Cancelled'] : ['Confirmed', 'Provisional', 'Cancelled'];
  await expect(page.getByRole('option')).toHaveText(offered);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Edit booking / }).click();
  const edit = page.getByRole('dialog', { name: /^Edit Booking / });
  await expect(edit.getByRole('combobox', { name: /^Status / })).toHaveText(b.status);
  await expect(edit.getByRole('button', { name: 'Early check-in' })).toHaveCount(0);
});

test("a stale tablet's offline check-in before the arrival date is refused on replay with the server's words", async ({ page, context }) => {
  const b = await arriving('Stale Tablet');
  const api = await managerApi();
  expect((await api.put(`/api/admin/bookings/${b.id}`, { data: { status: 'Confirmed' } })).status()).toBe(200);
  // The tablet's clock is on the arrival date, IN_DAYS days ahead: to it the guest arrives today, so the desk
  // offers Check in (as it would have before the booking was moved to a later date on the
  // server while the tablet was offline). The server goes by its own date.
  // Noon at the lodge on the arrival date: the same day whichever zone the browser reads.
  await page.clock.install({ time: lodgeDateTimeToUtc(b.checkInDate, '12:00') });
  await login(page);
  // The Sync page's code once while online (a lazy chunk), then the desk.
  await page.goto('/admin/sync');
  await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible();
  await page.goto('/admin/front-desk');
  await waitForDeskRow(page, b.reference);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
  await expect(deskRow(page, b.reference).getByText('Not synced')).toBeVisible();
  await context.setOffline(false);

  const nav = page.getByRole('navigation', { name: 'Back office' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Open navigation' }).click();
  await nav.getByRole('link', { name: 'Sync' }).click();
  const card = page.getByTestId('attention-entry');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Rejected');
  await expect(card).toContainText(
    `Why: This guest arrives on ${b.checkInDate}: a booking cannot be checked in before its arrival date unless a Manager overrides`,
  );
  expect(await serverStatus(b.id)).toBe('Confirmed');
  expect((await mutationsFor(b.id)).map((m) => [m.operation, m.outcome, m.args.status])).toEqual([['booking.setStatus', 'rejected', 'Checked-In']]);
});
