import { expect, test } from '@playwright/test';
import { todayInLodge } from '../../shared/domain/dates.js';
import { login, sql } from '../desk-support.js';
import { capture } from './capture.js';

/**
 * The housekeeping board on screen (not a test): a receptionist's board with a dirty unit
 * that has an arrival today, the Needs cleaning filter, and a manager's out of order dialog,
 * on a phone and a tablet.
 */
test.use({ serviceWorkers: 'block' });

test('housekeeping board and out of order dialog', async ({ page }) => {
  const today = todayInLodge(new Date());
  // A unit with an arrival today, made Dirty with a note, so the call-out shows.
  const [arrival] = await sql<{ unit_id: string; name: string }>(
    `select b.unit_id, u.name from bookings b join units u on u.id = b.unit_id
      where b.check_in_date = ?::date and b.status in ('Provisional', 'Confirmed') order by u.name limit 1`,
    [today],
  );
  if (arrival) await sql(`update units set housekeeping_status = 'Dirty', housekeeping_note = 'Extra bed to take out' where id = ?`, [arrival.unit_id]);

  await login(page);
  await page.goto('/admin/housekeeping');
  await expect(page.getByRole('heading', { name: 'Housekeeping' })).toBeVisible();
  await expect(page.getByTestId('housekeeping-status').first()).toBeVisible({ timeout: 20_000 });
  await capture(page, 'housekeeping', 'board');
  await page.getByRole('button', { name: 'Needs cleaning' }).click();
  await capture(page, 'housekeeping', 'needs-cleaning');

  await page.getByRole('button', { name: /log ?out/i }).first().click().catch(() => undefined);
  await login(page, 'manager');
  await page.goto('/admin/housekeeping');
  await expect(page.getByTestId('housekeeping-status').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Out of order…' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill('Painting the deck');
  await capture(page, 'housekeeping', 'out-of-order-dialog');
});
