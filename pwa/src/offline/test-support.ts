import { http, HttpResponse } from 'msw';
import { AccommodationType, Unit } from '@shared/contracts/accommodations.js';
import { Booking } from '@shared/contracts/bookings.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { SyncPushRequest, type SyncPushEntry, type SyncPushResult, type SyncPullResponse } from '@shared/contracts/sync.js';
import { configureSync, DEFAULT_SYNC_CONFIG } from './config.js';
import { db, setSyncUser, toStoredBooking, type SyncUser } from './db.js';
import { resetEngineForTests } from './engine.js';
import { applyEntryLocally } from './overlay.js';

/**
 * Test support for the offline engine (imported by its tests only; each test file imports
 * 'fake-indexeddb/auto' first, before Dexie loads). Rows go through the shared contracts.
 */

export const staff = {
  thandi: { id: 'u-rc', username: 'thandi', role: 'Receptionist' },
  anna: { id: 'u-mg', username: 'anna', role: 'Manager' },
} satisfies Record<string, SyncUser>;

/**
 * YYYY-MM-DD, `offset` days from today at the lodge, the day the desk counts from. Not the
 * UTC date: from 22:00 to midnight UTC it is already tomorrow in Johannesburg.
 */
export function isoDay(offset = 0): string {
  return addDays(todayInLodge(new Date()), offset);
}

let counter = 0;
/** A uuid-shaped id that reads well in a failing assertion: 00000000-0000-4000-8000-<n>. */
export function testId(n = ++counter): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const id = overrides.id ?? testId();
  return Booking.parse({
    id,
    reference: `LDG-${id.slice(-4)}`,
    unitId: testId(9000),
    unitName: 'Tent 1',
    accommodationTypeId: testId(9100),
    accommodationTypeName: 'Luxury Tent',
    guestId: testId(9200),
    guestName: 'Lindiwe Dlamini',
    guestEmail: 'lindiwe@example.test',
    guestPhone: null,
    checkInDate: isoDay(0),
    checkOutDate: isoDay(2),
    numberOfGuests: 2,
    status: 'Confirmed',
    totalAmount: 4200,
    discountAmount: 0,
    paymentStatus: 'Pending',
    paymentMethod: 'EFT',
    paymentVerified: false,
    paystackReference: null,
    promoCodeId: null,
    specialRequests: null,
    holdExpiresAt: null,
    parentBookingId: null,
    isEntireLodgeChild: false,
    createdAt: '2020-01-01T08:00:00.000Z',
    updatedAt: '2020-01-01T08:00:00.000Z',
    version: 1,
    ...overrides,
  });
}

export function makeUnit(overrides: Partial<Unit> = {}): Unit {
  return Unit.parse({
    id: overrides.id ?? testId(),
    name: 'Tent 1',
    accommodationTypeId: testId(9100),
    isActive: true,
    version: 1,
    updatedAt: '2020-01-01T08:00:00.000Z',
    ...overrides,
  });
}

export function makeAccommodationType(overrides: Partial<AccommodationType> = {}): AccommodationType {
  return AccommodationType.parse({
    id: overrides.id ?? testId(),
    name: 'Luxury Tent',
    description: 'Canvas under the marula trees',
    capacity: 2,
    baseWeekdayRate: 2100,
    baseWeekendRate: 2500,
    amenities: [],
    images: [],
    isPackage: false,
    includedAccommodationTypes: [],
    isActive: true,
    systemKey: null,
    pricingModel: 'per_unit',
    singleSupplementPercent: 0,
    childPolicy: [],
    minimumChildAge: null,
    mealPlan: null,
    maxAdults: null,
    version: 1,
    updatedAt: '2020-01-01T08:00:00.000Z',
    ...overrides,
  });
}

/** A clean device: empty tables, default timings, fresh engine state, `user` logged in. */
export async function resetDevice(user: SyncUser | null = staff.thandi): Promise<void> {
  resetEngineForTests();
  configureSync({ ...DEFAULT_SYNC_CONFIG });
  localStorage.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
  if (user) await setSyncUser(user);
}

/** Rows as if pulled earlier. */
export async function seedLocal(rows: { bookings?: Booking[]; units?: Unit[] }): Promise<void> {
  await db.bookings.bulkPut((rows.bookings ?? []).map(toStoredBooking));
  await db.units.bulkPut(rows.units ?? []);
}

type PushScript = (entry: SyncPushEntry) => Response | undefined | Promise<Response | undefined>;

/**
 * The server side of the sync contract, in memory: applies status/payment/special-request
 * edits with the same rules (role Receptionist), bumps versions, remembers entry ids
 * (a second sight answers 'duplicate'). `script(fn)` overrides the next requests one by one:
 * fn may answer itself or return undefined for the normal answer.
 */
export function createFakeSyncServer(initial: { bookings?: Booking[]; units?: Unit[] } = {}) {
  const bookings = new Map((initial.bookings ?? []).map((b) => [b.id, b]));
  const units = new Map((initial.units ?? []).map((u) => [u.id, u]));
  const seen = new Map<string, SyncPushResult>();
  /** Every entry that reached the server, duplicates included, in arrival order. */
  const received: SyncPushEntry[] = [];
  /** Entries the server applied (each once). */
  const applied: SyncPushEntry[] = [];
  const scripts: PushScript[] = [];

  function process(entry: SyncPushEntry): SyncPushResult {
    const before = seen.get(entry.id);
    if (before) return { ...before, outcome: 'duplicate' };
    const isUnit = entry.op === 'unit.setActive';
    const row = isUnit ? units.get(entry.entityId) : bookings.get(entry.entityId);
    let result: SyncPushResult;
    if (!row) result = { id: entry.id, outcome: 'rejected', reason: 'Unknown record' };
    else {
      const check = applyEntryLocally(row, { op: entry.op, args: entry.args }, isUnit ? 'Manager' : 'Receptionist', new Date());
      if (!check.ok) result = { id: entry.id, outcome: 'conflict', reason: check.reason, record: row };
      else {
        const next = check.noop ? row : { ...check.row, version: row.version + 1 };
        if (isUnit) units.set(row.id, next as Unit);
        else bookings.set(row.id, next as Booking);
        applied.push(entry);
        result = { id: entry.id, outcome: 'applied', record: next };
      }
    }
    seen.set(entry.id, result);
    return result;
  }

  const pushHandler = http.post('/api/sync/push', async ({ request }) => {
    const body = SyncPushRequest.parse(await request.json());
    received.push(...body.entries);
    const script = scripts.shift();
    if (script) {
      const answer = await script(body.entries[0]);
      if (answer) return answer;
    }
    return HttpResponse.json({ results: body.entries.map(process) });
  });

  return {
    handlers: [pushHandler],
    bookings,
    units,
    received,
    applied,
    /** Runs the normal processing for an entry (e.g. inside a script that then loses the answer). */
    process,
    script(...fns: PushScript[]) {
      scripts.push(...fns);
    },
  };
}

/** A pull page as the server would send it. */
export function pullPage(page: Partial<SyncPullResponse> & { cursor: string }): SyncPullResponse {
  return {
    hasMore: false,
    deleted: [],
    ...page,
    changes: { accommodationTypes: [], units: [], bookings: [], ...page.changes },
  };
}

/** navigator.onLine as the screens read it, with its event. */
export function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The server cannot be reached for sync: edits stay on the device. */
export const unreachableSync = [http.post('/api/sync/push', () => HttpResponse.error()), http.get('/api/sync/pull', () => HttpResponse.error())];
