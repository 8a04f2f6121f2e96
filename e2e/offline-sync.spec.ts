import { expect, test, type Page } from '@playwright/test';
import { bookingsArrivingToday, deskRow, getBooking, login, managerApi, mutationsFor, outboxOf, releaseBookings, sql, waitForDeskRow } from './desk-support.js';

/**
 * The outbox against the real sync endpoints when things go wrong: lost answers, two
 * tablets, the server changing a booking meanwhile, a 500 mid-queue, an expired session.
 * page.route cannot see requests a service worker handles, so the worker stays out here
 * (the front-desk spec covers it); pages are opened before the network goes.
 */
test.use({ serviceWorkers: 'block' });
test.afterEach(() => releaseBookings());

/** Opens the Sync page's code once while online (lazy chunk), then returns to the desk. */
async function openDesk(page: Page, references: string[]) {
  await page.goto('/admin/sync');
  await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible();
  await page.goto('/admin/front-desk');
  for (const ref of references) await waitForDeskRow(page, ref);
}

async function goTo(page: Page, label: 'Sync' | 'Front Desk') {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Open navigation' }).click();
  await nav.getByRole('link', { name: label }).click();
}

test('an answer lost on the way back: the retry is a duplicate and the change happens once', async ({ page }) => {
  const [b] = await bookingsArrivingToday(['Lostanswer Guest']);
  await login(page);
  await openDesk(page, [b.reference]);
  const before = await getBooking(b.id);

  let calls = 0;
  await page.route('**/api/sync/push', async (route) => {
    calls += 1;
    if (calls === 1) {
      await route.fetch(); // the server commits...
      await route.abort('connectionreset'); // ...and the answer never arrives
    } else await route.continue();
  });
  await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();

  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  expect(calls).toBeGreaterThanOrEqual(2);
  const rows = await mutationsFor(b.id);
  expect(rows.map((r) => r.outcome)).toEqual(['applied']);
  const after = await getBooking(b.id);
  expect(after.status).toBe('Checked-In');
  expect(after.version).toBe(before.version + 1);

  await goTo(page, 'Sync');
  await expect(page.getByTestId('outcome').first()).toContainText('Already there');
});

test('two tablets check in the same guest offline: both end synced, the second told who did it first', async ({ browser }) => {
  // Two browsers, each signed in and opening two lazy pages: on a loaded CI run this went past
  // the default 60 s once, each step within its own bound.
  test.setTimeout(120_000);
  const [b] = await bookingsArrivingToday(['Twotablets Guest']);
  const tablets = await Promise.all([browser.newContext({ serviceWorkers: 'block' }), browser.newContext({ serviceWorkers: 'block' })]);
  const [first, second] = await Promise.all(tablets.map((c) => c.newPage()));
  await login(first, 'receptionist');
  await login(second, 'manager');
  await openDesk(first, [b.reference]);
  await openDesk(second, [b.reference]);

  for (const [i, page] of [first, second].entries()) {
    await tablets[i].setOffline(true);
    await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
    await expect(deskRow(page, b.reference).getByText('Not synced')).toBeVisible();
  }
  await tablets[0].setOffline(false);
  await expect.poll(async () => (await outboxOf(first)).length, { timeout: 20_000 }).toBe(0);
  await tablets[1].setOffline(false);
  await expect.poll(async () => (await outboxOf(second)).length, { timeout: 20_000 }).toBe(0);

  for (const page of [first, second]) await expect(deskRow(page, b.reference).getByText('Not synced')).toHaveCount(0);
  await goTo(second, 'Sync');
  await expect(second.getByTestId('outcome').first()).toContainText(/already checked in by receptionist at \d{2}:\d{2}/i);
  expect((await mutationsFor(b.id)).filter((r) => r.outcome === 'applied').length).toBeGreaterThanOrEqual(1);
  expect((await getBooking(b.id)).status).toBe('Checked-In');
  await Promise.all(tablets.map((c) => c.close()));
});

test('the server cancels a booking while its check-in waits: a conflict to resolve, no retry loop', async ({ page, context }) => {
  const [b] = await bookingsArrivingToday(['Cancelled Meanwhile']);
  // The page's own clock (running as usual until told otherwise), so the test can run out
  // the engine's back-off timers instead of waiting for them.
  await page.clock.install({ time: Date.now() });
  await login(page);
  await openDesk(page, [b.reference]);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
  const api = await managerApi();
  const cancelled = await api.put(`/api/admin/bookings/${b.id}`, { data: { status: 'Cancelled', cancellationReason: 'Guest phoned to cancel' } });
  expect(cancelled.status()).toBe(200);

  let pushes = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/sync/push')) pushes += 1;
  });
  await context.setOffline(false);
  await goTo(page, 'Sync');
  const card = page.getByTestId('attention-entry');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Conflict');
  await expect(card).toContainText('On the server now: Cancelled');
  const sent = pushes;
  // Two minutes of the page's timers at once: a retry the engine had scheduled (2 s to 60 s
  // after a failure) fires now. Then a sync run of its own: a retry started by those timers
  // pushes before this run's pull answers (runs never overlap), and this run sends whatever
  // the outbox still holds to send.
  await page.clock.runFor(120_000);
  const pulled = page.waitForResponse((r) => r.url().includes('/api/sync/pull') && r.ok());
  await page.getByRole('button', { name: 'Sync now' }).click();
  await pulled;
  expect(pushes).toBe(sent);
  await expect(card).toContainText('On the server now: Cancelled');

  await card.getByRole('button', { name: 'Apply mine again' }).click();
  await expect(card.getByRole('alert')).toHaveText('A Cancelled booking cannot be changed to Checked-In');
  await card.getByRole('button', { name: 'Discard mine' }).click();
  await expect(card).toHaveCount(0);
  expect(await outboxOf(page)).toEqual([]);

  await goTo(page, 'Front Desk');
  await page.getByRole('searchbox', { name: 'Find a booking' }).fill(b.reference);
  await expect(deskRow(page, b.reference).getByText('Cancelled', { exact: true })).toBeVisible();
});

test('a 500 for the second of three entries holds the third back until the second is through', async ({ page, context }) => {
  // The engine backs off 2 s, 4 s, 8 s ... per failure (offline ones included).
  test.setTimeout(120_000);
  const bookings = await bookingsArrivingToday(['Queue One', 'Queue Two', 'Queue Three']);
  await login(page);
  await openDesk(page, bookings.map((b) => b.reference));

  await context.setOffline(true);
  for (const b of bookings) await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
  const queued = await outboxOf(page);
  expect(queued.map((e) => e.entityId)).toEqual(bookings.map((b) => b.id));
  const [one, two, three] = queued.map((e) => e.id);

  const sentIds: string[] = [];
  let failures = 0;
  await page.route('**/api/sync/push', async (route) => {
    const ids = (route.request().postDataJSON() as { entries: { id: string }[] }).entries.map((e) => e.id);
    sentIds.push(...ids);
    if (ids.includes(two) && failures < 1) {
      failures += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
    } else await route.continue();
  });
  await context.setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 90_000 }).toBe(0);

  expect(failures).toBe(1);
  expect(sentIds.indexOf(one)).toBeLessThan(sentIds.indexOf(two));
  // The third goes only after the second's retry (the one that got through).
  const secondThrough = sentIds.lastIndexOf(two);
  expect(sentIds.indexOf(three)).toBeGreaterThan(secondThrough);
  expect(sentIds.filter((id) => id === two)).toHaveLength(2);
  for (const b of bookings) expect((await mutationsFor(b.id)).map((r) => r.outcome)).toEqual(['applied']);
});

test('the session ends while offline: after logging in again the queue goes on and nothing is lost', async ({ page, context }) => {
  const [b] = await bookingsArrivingToday(['Session Ended']);
  await login(page);
  await openDesk(page, [b.reference]);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
  await expect(deskRow(page, b.reference).getByText('Not synced')).toBeVisible();
  // The session ends on the server (as an expiry or a logout elsewhere would end it).
  await sql("delete from sessions where user_id = (select id from users where username = 'receptionist')");

  await context.setOffline(false);
  const banner = page.getByRole('alert').filter({ hasText: 'Your session has ended - log in again to send 1 change' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  expect((await outboxOf(page)).length).toBe(1);
  expect(await mutationsFor(b.id)).toEqual([]);

  await banner.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Username').fill('receptionist');
  await page.getByLabel('Password', { exact: true }).fill('lodge-demo');
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/admin\/front-desk$/);

  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
  await expect(banner).toHaveCount(0);
  expect((await mutationsFor(b.id)).map((r) => r.outcome)).toEqual(['applied']);
  expect((await getBooking(b.id)).status).toBe('Checked-In');
});
