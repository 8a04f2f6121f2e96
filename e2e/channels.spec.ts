import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { formatMonthDayYear } from '../shared/format.js';
import { login, managerApi, shootPhoneAndTablet, sql } from './desk-support.js';
import { startICalDouble, type ICalDouble } from './doubles/ical-double.js';

/**
 * Channel calendars (docs/product.md, Channels), on a 1024x768 tablet: a manager adds a unit's
 * Airbnb feed (served by a double on 127.0.0.1, which the e2e server allows), syncs it, and
 * sees Airbnb's stay as a block on the calendar; Airbnb's second stay lands on nights a guest
 * already has, so it is not imported and the dashboard shows the one clash.
 * With CHANNELS_SHOTS set, the pages at 390x844 and 1024x768 go to that folder.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 1024, height: 768 } });

const shots = process.env.CHANNELS_SHOTS;
const today = () => todayInLodge(new Date());
let feed: ICalDouble;

test.beforeAll(async () => {
  feed = await startICalDouble();
});
test.afterAll(async () => {
  // Deleting the feed cancels the stay it blocked: the unit is free again for the other specs.
  const api = await managerApi();
  for (const { id } of await sql<{ id: string }>('select id from channel_feeds where url = ?', [feed.url])) await api.delete(`/api/admin/channel-feeds/${id}`);
  await feed.close();
});

/** The page at 390x844 and 1024x768 (whole page), then back on the tablet. */
const shoot = (page: Page, name: string) => shootPhoneAndTablet(page, shots, name, { fullPage: true });

/**
 * A unit free on [in 2 days, in 4 days) (inside the calendar's first fortnight) that has a live
 * stay later on: Airbnb's first event fits, its second lands on that stay.
 */
async function scene() {
  const [free, taken] = [addDays(today(), 2), addDays(today(), 4)];
  const rows = await sql<{ id: string; name: string; reference: string; guest_name: string; check_in_date: string; check_out_date: string }>(
    `select u.id, u.name, b.reference, b.guest_name, to_char(b.check_in_date, 'YYYY-MM-DD') as check_in_date, to_char(b.check_out_date, 'YYYY-MM-DD') as check_out_date
       from units u
       join accommodation_types t on t.id = u.accommodation_type_id
       join lateral (
         select * from bookings b where b.unit_id = u.id and b.status in ('Provisional', 'Confirmed', 'Checked-In') and b.check_in_date > ?::date
          order by b.check_in_date limit 1) b on true
      where u.is_active and t.is_active and not t.is_package
        and not exists (select 1 from bookings x where x.unit_id = u.id and x.status in ('Provisional', 'Confirmed', 'Checked-In')
                         and daterange(x.check_in_date, x.check_out_date, '[)') && daterange(?::date, ?::date, '[)'))
        and not exists (select 1 from unit_out_of_order o where o.unit_id = u.id and daterange(o.start_date, o.end_date, '[)') && daterange(?::date, ?::date, '[)'))
      order by u.name limit 1`,
    [taken, free, taken, free, taken],
  );
  if (!rows.length) throw new Error('no unit free in two days with a later stay');
  return { unit: rows[0], free, taken };
}

test('a manager adds a feed, syncs it, sees its block on the calendar and one clash on the dashboard', async ({ page }) => {
  const { unit, free, taken } = await scene();
  feed.setEvents([
    { uid: 'stay-1@airbnb.example', start: free, end: taken, summary: 'Reserved' },
    { uid: 'stay-2@airbnb.example', start: unit.check_in_date, end: unit.check_out_date, summary: 'Airbnb (Not available)' },
  ]);

  await login(page, 'manager');
  await page.goto('/admin/channels');
  await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Feed' });
  await dialog.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: unit.name, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'Airbnb' }).click();
  await dialog.getByRole('textbox', { name: 'Calendar address (iCal)' }).fill(feed.url);
  await dialog.getByRole('button', { name: 'Add Feed' }).click();
  await expect(page.getByText('Feed added')).toBeVisible();

  const card = page.getByRole('article', { name: `Airbnb, ${unit.name}` });
  await expect(card.getByText('Never')).toBeVisible();
  await card.getByRole('button', { name: `Sync now: Airbnb, ${unit.name}` }).click();
  await expect(page.getByText('Feed synced')).toBeVisible();
  await expect(card.getByText('2 (1 blocking)')).toBeVisible();
  await expect(card.getByText(/\(just now\)$/)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Clashes' }).getByRole('listitem')).toHaveText([
    `Airbnb: “Airbnb (Not available)” ${formatMonthDayYear(unit.check_in_date)} – ${formatMonthDayYear(unit.check_out_date)}Clashes with Booking ${unit.reference} (${unit.guest_name}). Not imported: settle it with the channel.`,
  ]);
  expect(feed.fetches()).toBe(1);
  // Nothing double books: the one Airbnb stay is the block that fitted.
  expect(await sql(`select to_char(check_in_date, 'YYYY-MM-DD') as check_in_date, status from bookings where unit_id = ? and channel = 'Airbnb'`, [unit.id])).toEqual([
    { check_in_date: free, status: 'Confirmed' },
  ]);
  await shoot(page, 'channels');

  await page.goto('/admin/calendar');
  await expect(page.getByRole('button', { name: new RegExp(`^Airbnb: Reserved, Confirmed, `) })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'channels-calendar');

  await page.goto('/admin');
  const clashes = page.getByRole('region', { name: 'Channel clashes' });
  await expect(clashes.getByRole('listitem')).toHaveCount(1);
  await expect(clashes.getByRole('listitem')).toContainText(`Clashes with Booking ${unit.reference} (${unit.guest_name})`);
  await shoot(page, 'channels-dashboard');
});
