/**
 * Shared by the front-desk and offline-sync specs: logging in, bookings that arrive today
 * (made through the admin API as the manager, on a unit free tonight), server-side
 * assertions through the e2e server's control port, and the device's outbox.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const controlUrl = `http://127.0.0.1:${port + 1}`;

export async function login(page: Page, username = 'receptionist', password = 'lodge-demo') {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** One statement on the e2e database (control port); its rows. */
export async function sql<T = Record<string, unknown>>(statement: string, bindings: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${controlUrl}/sql`, { method: 'POST', body: JSON.stringify({ sql: statement, bindings }) });
  const body = (await res.json()) as T[] | { message: string };
  if (!res.ok) throw new Error(`sql failed: ${(body as { message: string }).message}`);
  return body as T[];
}

/**
 * The first stay of `nights` nights starting `fromDays` to `toDays` days out that no live booking
 * touches, on any unit: other specs book random stays far ahead on the same database, and an
 * out-of-order period is refused over a booking.
 */
export async function nightsNoBookingTouches(fromDays: number, toDays: number, nights: number): Promise<{ checkIn: string; checkOut: string }> {
  const today = todayInLodge(new Date());
  const taken = await sql<{ check_in_date: string; check_out_date: string }>(
    `select check_in_date, check_out_date from bookings
      where status in ('Provisional', 'Confirmed', 'Checked-In') and check_out_date > ?::date`,
    [addDays(today, fromDays)],
  );
  for (let days = fromDays; days < toDays; days++) {
    const checkIn = addDays(today, days);
    const checkOut = addDays(checkIn, nights);
    if (!taken.some((b) => b.check_in_date < checkOut && b.check_out_date > checkIn)) return { checkIn, checkOut };
  }
  throw new Error(`every ${nights}-night stay from ${fromDays} to ${toDays} days out touches a booking`);
}

export interface ServerBooking {
  id: string;
  reference: string;
  guestName: string;
  status: string;
  version: number;
  unitId: string | null;
  checkInDate: string;
  checkOutDate: string;
}

let manager: APIRequestContext | null = null;

/** The admin API as the manager (its own cookie jar, apart from the browser's). */
export async function managerApi(): Promise<APIRequestContext> {
  if (manager) return manager;
  // Says where it comes from, as a browser page does: the API refuses a state-changing call
  // with a session cookie and no Origin (CSRF).
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await ctx.post('/api/login', { data: { username: 'manager', password: 'lodge-demo' } });
  expect(res.status()).toBe(200);
  manager = ctx;
  return ctx;
}

export async function getBooking(id: string): Promise<ServerBooking> {
  const api = await managerApi();
  const today = todayInLodge(new Date());
  const all = (await (await api.get('/api/admin/bookings', { params: { startDate: addDays(today, -1), endDate: addDays(today, 2) } })).json()) as ServerBooking[];
  const found = all.find((b) => b.id === id);
  if (!found) throw new Error(`booking ${id} not found`);
  return found;
}

const LIVE = ['Provisional', 'Confirmed', 'Checked-In'];
const made: string[] = [];

/**
 * Bookings arriving today, one night, each on a unit nobody holds tonight. The demo lodge
 * has a handful of free units, so specs give theirs back (releaseBookings) when done.
 */
export function bookingsArrivingToday(names: string[]): Promise<ServerBooking[]> {
  return bookingsArriving(names, 0);
}

/** As bookingsArrivingToday, for one night `inDays` days from the lodge's today. */
export async function bookingsArriving(names: string[], inDays: number): Promise<ServerBooking[]> {
  const api = await managerApi();
  const today = addDays(todayInLodge(new Date()), inDays);
  const tomorrow = addDays(today, 1);
  const units = (await (await api.get('/api/units')).json()) as { id: string; name: string; isActive: boolean }[];
  const tonight = (await (await api.get('/api/admin/bookings', { params: { startDate: today, endDate: today } })).json()) as ServerBooking[];
  const taken = new Set(tonight.filter((b) => LIVE.includes(b.status) && b.checkOutDate > today).map((b) => b.unitId));
  const free = units.filter((u) => u.isActive && !taken.has(u.id));
  if (free.length < names.length) throw new Error(`only ${free.length} units free tonight, ${names.length} needed`);
  const created: ServerBooking[] = [];
  for (const [i, name] of names.entries()) {
    const [firstName, ...rest] = name.split(' ');
    const res = await api.post('/api/admin/bookings', {
      data: {
        unitId: free[i].id,
        checkInDate: today,
        checkOutDate: tomorrow,
        numberOfGuests: 2,
        totalAmount: 3000,
        paymentMethod: 'eft',
        paymentStatus: 'pending',
        guestData: { firstName, lastName: rest.join(' ') || 'Guest', email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${Date.now()}@example.com` },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const booking = (await res.json()) as ServerBooking;
    made.push(booking.id);
    created.push(booking);
  }
  return created;
}

/** Gives the units back: checked-in stays are checked out, the rest cancelled. */
export async function releaseBookings(): Promise<void> {
  const api = await managerApi();
  for (const id of made.splice(0)) {
    const booking = await getBooking(id).catch(() => null);
    if (!booking) continue;
    const update =
      booking.status === 'Checked-In'
        ? { status: 'Checked-Out' }
        : LIVE.includes(booking.status)
          ? { status: 'Cancelled', cancellationReason: 'e2e clean-up' }
          : null;
    if (update) await api.put(`/api/admin/bookings/${id}`, { data: update });
  }
}

/** The device's outbox, read straight from IndexedDB (what is still queued, in order). */
export async function outboxOf(page: Page): Promise<{ id: string; seq: number; status: string; entityId: string; op: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('lodge-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            resolve((all.result as { id: string; seq: number; status: string; entityId: string; op: string }[]).sort((a, b) => a.seq - b.seq));
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The desk row of a booking (any list). */
export function deskRow(page: Page, reference: string) {
  return page.locator(`[data-testid="desk-row"][data-reference="${reference}"]`);
}

/** Waits until the device has the booking (the first pull after login brought it). */
export async function waitForDeskRow(page: Page, reference: string) {
  await expect(deskRow(page, reference).first()).toBeVisible({ timeout: 20_000 });
}

export async function mutationsFor(entityId: string) {
  return sql<{ id: string; seq: number; operation: string; outcome: string; args: { status?: string } }>(
    'select id, seq, operation, outcome, args from client_mutations where entity_id = ? order by created_at, seq',
    [entityId],
  );
}

/** With a folder given (a spec's *_SHOTS variable): the page on a phone and a tablet, as PNGs in it; the viewport is left at the tablet's. */
export async function shootPhoneAndTablet(page: Page, dir: string | undefined, name: string, opts: { fullPage?: boolean } = {}) {
  if (!dir) return;
  for (const [width, height] of [
    [390, 844],
    [1024, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png`, fullPage: opts.fullPage });
  }
}
