import { expect, test } from '@playwright/test';
import { addDays, lodgeDateTimeToUtc, todayInLodge } from '../shared/domain/dates.js';
import { formatLodgeEventDay, formatStayDate } from '../shared/format.js';
import { managerApi } from './desk-support.js';
import { stamp } from './config-support.js';

test.use({ viewport: { width: 390, height: 844 } });

/** An event made through Event Management's API, with ticket types. */
async function createEvent(body: Record<string, unknown>, tickets: { name: string; price: number }[] = []) {
  const api = await managerApi();
  const res = await api.post('/api/admin/events', { data: body });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  for (const t of tickets) {
    expect((await api.post(`/api/admin/events/${id}/ticket-types`, { data: { ...t, maxQuantity: 40 } })).status()).toBe(201);
  }
  return id;
}

test("What's on lists upcoming active events, and the book button opens /booking with the event's stay", async ({ page }) => {
  const s = stamp();
  const day = addDays(todayInLodge(new Date()), 45);
  const name = `Full Moon Drive ${s}`;
  await createEvent(
    { name, description: 'A night drive under the full moon.', eventDate: `${day}T20:15`, accommodationStartDate: day, accommodationEndDate: addDays(day, 2) },
    [
      { name: 'Adult', price: 890 },
      { name: 'Child', price: 445.5 },
    ],
  );
  const hidden = `Staff Braai ${s}`;
  await createEvent({ name: hidden, eventDate: `${addDays(day, 1)}T18:00`, isActive: false });
  const past = `Old Walk ${s}`;
  await createEvent({ name: past, eventDate: `${addDays(todayInLodge(new Date()), -3)}T06:00` });

  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: "What's on", exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/whats-on$/);
  await expect(page.getByRole('heading', { level: 1, name: "What's on" })).toBeVisible();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('event-date')).toHaveText(formatLodgeEventDay(lodgeDateTimeToUtc(day, '20:15')));
  await expect(card.getByTestId('event-time')).toHaveText('20:15');
  await expect(card.getByText('A night drive under the full moon.')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['Child: R445.50', 'Adult: R890']);
  await expect(card.getByTestId('event-stay')).toHaveText(`Stay ${formatStayDate(day)} to ${formatStayDate(addDays(day, 2))}`);
  await expect(page.getByRole('article', { name: hidden })).toHaveCount(0);
  await expect(page.getByRole('article', { name: past })).toHaveCount(0);

  await card.getByRole('link', { name: 'Book your stay for this event' }).click();
  await expect(page).toHaveURL(`/booking?checkIn=${day}&checkOut=${addDays(day, 2)}`);
  // Valid dates open the booking on choosing an accommodation, priced for the event's two nights.
  await expect(page.getByRole('heading', { name: 'Choose your accommodation' })).toBeVisible();
  await expect(page.getByText(/for 2 nights/).first()).toBeVisible();
});

test("the landing page shows the next events with a link to What's on", async ({ page }) => {
  await page.goto('/');
  // Below the map: it loads when scrolled to.
  await page.locator('#whats-on-slot').scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: "What's on" });
  await expect(section).toBeVisible();
  // The demo's stargazing evening (day 12) is among the next three.
  await expect(section.getByText('Southern Skies Stargazing Evening')).toBeVisible();
  await expect(section.getByText('Tickets from R220').first()).toBeVisible();
  await section.getByRole('link', { name: 'See all events' }).click();
  await expect(page).toHaveURL(/\/whats-on$/);
});
