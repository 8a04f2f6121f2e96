import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { baseURL, bookingsArrivingToday, getBooking, login, mutationsFor, outboxOf, releaseBookings, sql, waitForDeskRow } from './desk-support.js';

/**
 * Fault test (issue 11): the browser is closed in the middle of a replay. Three check-ins
 * wait offline; back online the first goes through, the second reaches the server and is
 * applied there but the browser is gone before the answer arrives, the third was never
 * sent. The browser opens again on the same profile (the outbox is on disk), the person
 * logs in, and the replay finishes: each check-in applied exactly once, nothing lost.
 *
 * A persistent context stands in for the tablet's browser: closing it ends the browser
 * process as the person closing the app would, and its IndexedDB survives for the next
 * launch. The service worker stays out so page.route sees the pushes. Should the outbox not
 * empty after the login, the failure says what the device held (each entry's status,
 * attempts and last error, the 401 pause) and what the indicator showed.
 */
test.afterEach(() => releaseBookings());

function launch(profile: string): Promise<BrowserContext> {
  const { executablePath, args } = test.info().project.use.launchOptions ?? {};
  return chromium.launchPersistentContext(profile, { baseURL, executablePath, args, headless: true, serviceWorkers: 'block' });
}

async function openDesk(page: Page, references: string[]) {
  await page.goto('/admin/front-desk');
  for (const ref of references) await waitForDeskRow(page, ref);
}

/** What the device holds and shows, for a failure message: the outbox, the pause, the indicator. */
async function deviceState(page: Page): Promise<string> {
  const stored = await page
    .evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('lodge-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction(['outbox', 'syncState']);
            const entries = tx.objectStore('outbox').getAll();
            const paused = tx.objectStore('syncState').get('pausedForAuth');
            tx.oncomplete = () => {
              const rows = entries.result as { id: string; seq: number; status: string; attempts: number; lastError: string | null }[];
              resolve({ entries: rows.map(({ id, seq, status, attempts, lastError }) => ({ id, seq, status, attempts, lastError })), pausedForAuth: paused.result?.value ?? null });
              open.result.close();
            };
          };
        }),
    )
    .catch((e: unknown) => String(e));
  const indicator = await page.getByTestId('sync-indicator').getAttribute('aria-label', { timeout: 2_000 }).catch(() => null);
  return JSON.stringify({ url: page.url(), stored, indicator });
}

test('the browser closed in the middle of a replay: nothing lost or doubled', async () => {
  test.setTimeout(120_000);
  const profile = test.info().outputPath('tablet-profile');
  const bookings = await bookingsArrivingToday(['Interrupted One', 'Interrupted Two', 'Interrupted Three']);
  const versions = bookings.map((b) => b.version);

  const browser = await launch(profile);
  const page = browser.pages()[0] ?? (await browser.newPage());
  await login(page);
  await openDesk(page, bookings.map((b) => b.reference));

  await browser.setOffline(true);
  for (const b of bookings) await page.getByRole('button', { name: `Check in ${b.guestName}` }).click();
  const queued = await outboxOf(page);
  expect(queued.map((e) => e.entityId)).toEqual(bookings.map((b) => b.id));
  const [, second, third] = queued.map((e) => e.id);

  // The second push reaches the server and is applied there; its answer is held back until
  // the browser is gone.
  let secondReachedServer!: () => void;
  const secondApplied = new Promise<void>((resolve) => (secondReachedServer = resolve));
  const sentBeforeClose: string[] = [];
  await page.route('**/api/sync/push', async (route) => {
    const ids = (route.request().postDataJSON() as { entries: { id: string }[] }).entries.map((e) => e.id);
    sentBeforeClose.push(...ids);
    if (!ids.includes(second)) return route.continue();
    await route.fetch().catch(() => undefined);
    secondReachedServer();
    await new Promise(() => undefined); // never answered: the browser closes first
  });
  await browser.setOffline(false);
  await secondApplied;
  await browser.close();

  expect(sentBeforeClose).not.toContain(third);
  // On the server: the first two applied, the third not there yet.
  expect((await mutationsFor(bookings[0].id)).map((r) => r.outcome)).toEqual(['applied']);
  expect((await mutationsFor(bookings[1].id)).map((r) => r.outcome)).toEqual(['applied']);
  expect(await mutationsFor(bookings[2].id)).toEqual([]);

  // The browser opens again on the same profile, the outbox still on disk. The session has
  // ended meanwhile (its cookie is gone here), so the person logs in, and the replay carries
  // on from what the outbox kept.
  const reopened = await launch(profile);
  await reopened.clearCookies();
  const again = reopened.pages()[0] ?? (await reopened.newPage());
  const pushes: { ids: string[]; outcomes: string[] }[] = [];
  again.on('response', async (res) => {
    if (!res.url().endsWith('/api/sync/push') || res.status() !== 200) return;
    const ids = (res.request().postDataJSON() as { entries: { id: string }[] }).entries.map((e) => e.id);
    const outcomes = ((await res.json()) as { results: { outcome: string }[] }).results.map((r) => r.outcome);
    pushes.push({ ids, outcomes });
  });
  if (process.env.DEBUG_REPLAY) {
    const t0 = Date.now();
    again.on('request', (r) => r.url().includes('/api/') && console.log(Date.now() - t0, 'REQ', r.method(), r.url()));
    again.on('response', (r) => r.url().includes('/api/') && console.log(Date.now() - t0, 'RES', r.status(), r.url()));
    again.on('requestfailed', (r) => console.log(Date.now() - t0, 'FAILED', r.url(), r.failure()?.errorText));
    again.on('console', (m) => console.log(Date.now() - t0, 'CONSOLE', m.type(), m.text()));
    setTimeout(async () => console.log('OUTBOX', JSON.stringify(await outboxOf(again).catch((e) => String(e)))), 20_000);
  }
  await login(again);
  try {
    await expect.poll(async () => (await outboxOf(again)).length, { timeout: 60_000 }).toBe(0);
  } catch (err) {
    // Say what the device was doing, so a stall names its cause (entry state, last error).
    throw new Error(`the outbox did not empty after the login: ${await deviceState(again)}; pushes: ${JSON.stringify(pushes)}`, { cause: err });
  }

  // The second was sent again and answered 'duplicate' (it was applied before the close);
  // the third was applied now.
  expect(pushes.find((p) => p.ids.includes(second))?.outcomes).toEqual(['duplicate']);
  expect(pushes.find((p) => p.ids.includes(third))?.outcomes).toEqual(['applied']);

  // Each check-in exactly once: one client_mutations row, one change, one audit row.
  for (const [i, b] of bookings.entries()) {
    // Recorded under the id the device gave the entry, once: nothing lost, nothing doubled.
    expect((await mutationsFor(b.id)).map((r) => [r.id, r.outcome])).toEqual([[queued[i].id, 'applied']]);
    const now = await getBooking(b.id);
    expect(now.status).toBe('Checked-In');
    expect(now.version).toBe(versions[i] + 1);
    const audits = await sql<{ n: number }>("select count(*)::int as n from audit_log where entity_id = ? and action = 'booking.update'", [b.id]);
    expect(audits[0].n).toBe(1);
  }
  await reopened.close();
});
