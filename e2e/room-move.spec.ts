import { expect, test } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatWeekdayDate } from '../shared/format.js';
import { login, managerApi, sql, type ServerBooking } from './desk-support.js';

/**
 * A room move on the calendar, on a 1024x768 tablet (docs/product.md, Booking Calendar: room
 * moves): a guest booked for four nights from today moves to another unit from the third
 * night. The receptionist opens the stay from its bar, chooses Move, the night and a free
 * unit; the calendar then shows the two segments joined (one purple outline, the first
 * naming the unit the stay continues in), and the server holds one stay split in two.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 1024, height: 768 } });

const today = () => todayInLodge(new Date());
const made: string[] = [];

test.afterAll(async () => {
  const api = await managerApi();
  for (const id of made.splice(0)) {
    await api.put(`/api/admin/bookings/${id}`, { data: { status: 'Cancelled', cancellationReason: 'e2e clean-up' } });
  }
});

/** Two active units of plain types, free (no live stay, not out of order) for the next four nights. */
async function freeUnits(): Promise<{ id: string; name: string; type: string }[]> {
  const [from, to] = [today(), addDays(today(), 4)];
  const rows = await sql<{ id: string; name: string; type: string }>(
    `select u.id, u.name, t.name as type from units u join accommodation_types t on t.id = u.accommodation_type_id
      where u.is_active and t.is_active and not t.is_package
        and not exists (select 1 from bookings b where b.unit_id = u.id and b.status in ('Provisional', 'Confirmed', 'Checked-In')
                         and daterange(b.check_in_date, b.check_out_date, '[)') && daterange(?::date, ?::date, '[)'))
        and not exists (select 1 from unit_out_of_order o where o.unit_id = u.id and daterange(o.start_date, o.end_date, '[)') && daterange(?::date, ?::date, '[)'))
      order by t.sort_order, u.sort_order, u.name limit 2`,
    [from, to, from, to],
  );
  if (rows.length < 2) throw new Error('two units free for the next four nights are needed');
  return rows;
}

test('a receptionist splits a stay on the calendar and sees the two joined segments', async ({ page }) => {
  const [first, second] = await freeUnits();
  const api = await managerApi();
  const res = await api.post('/api/admin/bookings', {
    data: {
      unitId: first.id,
      checkInDate: today(),
      checkOutDate: addDays(today(), 4),
      numberOfGuests: 2,
      totalAmount: 6000,
      paymentMethod: 'cash',
      paymentStatus: 'paid',
      guestData: { firstName: 'Sipho', lastName: 'Mover', email: `sipho.mover.${Date.now()}@example.com` },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const b = (await res.json()) as ServerBooking;
  made.push(b.id);

  await login(page);
  await page.goto('/admin/calendar');
  const bar = page.getByRole('button', { name: new RegExp(`^${b.guestName}, Confirmed`) });
  await expect(bar).toHaveCount(1, { timeout: 20_000 });
  await bar.click();
  const details = page.getByRole('dialog', { name: 'Booking Details' });
  await expect(details).toContainText(b.reference);
  await details.getByRole('button', { name: 'Move', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: `Move ${b.guestName}` });
  await dialog.getByRole('combobox', { name: 'Move' }).click();
  await page.getByRole('option', { name: `From ${formatWeekdayDate(addDays(today(), 2))}` }).click();
  await dialog.getByRole('combobox', { name: 'To unit' }).click();
  await page.getByRole('option', { name: `${second.name} (${second.type})` }).click();
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Two segments, joined: the first continues in the second unit, the second is continued from the first.
  const segments = page.getByTestId('split-segment');
  await expect(segments).toHaveCount(2);
  // The grid lists units by type and name, so part 1 need not be the upper bar: each is found by its name.
  const part1 = page.getByRole('button', { name: new RegExp(`^${b.guestName}, Confirmed, .*split stay ${b.reference} part 1 of 2, continues in ${second.name}$`) });
  await expect(part1).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${b.guestName}, Confirmed, .*split stay ${b.reference} part 2 of 2, continued from ${first.name}$`) })).toBeVisible();
  await expect(part1.getByTestId('continues-in')).toHaveText(`→ ${second.name}`);
  await expect(part1.getByTestId('continues-in')).toBeVisible();
  await page.screenshot({ path: 'test-results/room-move/calendar-split-1024.png', fullPage: true });

  // Opened from either segment, it is the one stay: its reference and both units.
  await segments.nth(1).click();
  await expect(details).toContainText(b.reference);
  await expect(details).toContainText('Split stay');
  await expect(details).toContainText(first.name);
  await expect(details).toContainText(second.name);

  // A phone shows the same joined stay (the grid scrolls sideways).
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(segments).toHaveCount(2);
  await page.screenshot({ path: 'test-results/room-move/calendar-split-390.png', fullPage: true });

  // A phone shows the same joined stay (the grid scrolls sideways).
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(segments).toHaveCount(2);
  await page.screenshot({ path: 'test-results/room-move/calendar-split-390.png', fullPage: true });

  const rows = await sql<{ unit_id: string | null; check_in_date: string; check_out_date: string; is_split_stay: boolean }>(
    'select unit_id, check_in_date::text, check_out_date::text, is_split_stay from bookings where id = ? or parent_booking_id = ? order by is_split_stay desc, check_in_date',
    [b.id, b.id],
  );
  expect(rows).toEqual([
    { unit_id: null, check_in_date: today(), check_out_date: addDays(today(), 4), is_split_stay: true },
    { unit_id: first.id, check_in_date: today(), check_out_date: addDays(today(), 2), is_split_stay: false },
    { unit_id: second.id, check_in_date: addDays(today(), 2), check_out_date: addDays(today(), 4), is_split_stay: false },
  ]);
});
