import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import type { OutcomeLogEntry } from './db.js';
import { getEngineStatus, subscribeEngineStatus, type EngineStatus } from './engine.js';
import { queryBookingRegister, queryWaitingFiles, type DeskRegister, type WaitingFiles } from './register.js';
import {
  queryAccommodationTypes,
  queryBooking,
  queryBookings,
  queryHousekeepingBoard,
  queryOutbox,
  queryOutcomes,
  queryPendingRelease,
  queryStoredStatus,
  queryTodayBoard,
  queryUnits,
  searchBookings,
  type BookingFilter,
  type DeskBooking,
  type DeskUnit,
  type DeskHousekeepingUnit,
  type OutboxView,
  type PendingRelease,
  type StoredSyncStatus,
  type TodayBoard,
} from './queries.js';

/**
 * What the staff screens read. Each hook re-renders when the rows or the outbox change
 * (an edit shows at once, marked pendingSync). `undefined` means "still reading IndexedDB"
 * (a moment at start), not "nothing there".
 */

function subscribeOnline(fn: () => void) {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}

/** navigator.onLine with its events (true on the server side of a render). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function useEngineStatus(): EngineStatus {
  return useSyncExternalStore(subscribeEngineStatus, getEngineStatus, getEngineStatus);
}

export interface SyncStatus extends StoredSyncStatus, EngineStatus {
  online: boolean;
  /** False until the stored part has been read once. */
  loaded: boolean;
}

const EMPTY_STORED: StoredSyncStatus = {
  pendingCount: 0,
  conflictCount: 0,
  lastPullAt: null,
  lastPushAt: null,
  pausedForAuth: false,
  evictedAt: null,
};

/** The header's sync badge: online, pending and conflict counts, last pull, paused for login, replaying. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const engine = useEngineStatus();
  const stored = useLiveQuery(queryStoredStatus, []);
  return { ...(stored ?? EMPTY_STORED), ...engine, online, loaded: stored !== undefined };
}

/** Bookings as the desk sees them (overlaid), filtered; sorted by check-in then reference. */
export function useBookings(filter: BookingFilter = {}): DeskBooking[] | undefined {
  const statusKey = filter.status === undefined ? '' : typeof filter.status === 'string' ? filter.status : filter.status.join(',');
  return useLiveQuery(
    () => queryBookings(filter),
    [filter.from, filter.to, filter.unitId, statusKey, filter.includeChildren],
  );
}

/** One booking (overlaid); null when it is not on this device. */
export function useBooking(id: string | undefined): DeskBooking | null | undefined {
  return useLiveQuery(() => (id ? queryBooking(id) : Promise.resolve(null)), [id]);
}

/** Today's arrivals, departures and guests in house; `todayIso` is the lodge's day (Johannesburg). */
export function useTodayBoard(todayIso: string): TodayBoard | undefined {
  return useLiveQuery(() => queryTodayBoard(todayIso), [todayIso]);
}

/** Bookings whose guest name or reference contains the text (case-insensitive). */
export function useBookingSearch(text: string): DeskBooking[] | undefined {
  return useLiveQuery(() => searchBookings(text), [text]);
}

export function useUnits(): DeskUnit[] | undefined {
  return useLiveQuery(queryUnits, []);
}

export function useAccommodationTypes(): AccommodationType[] | undefined {
  return useLiveQuery(queryAccommodationTypes, []);
}

/** The outbox for the Sync / Conflicts screen: pending, conflicts, rejected. */
export function useOutbox(): OutboxView | undefined {
  return useLiveQuery(queryOutbox, []);
}

/** The last 50 outcomes, newest first. */
export function useOutcomes(): OutcomeLogEntry[] | undefined {
  return useLiveQuery(queryOutcomes, []);
}

/** The release of an early departure's nights still on its way for this booking, or null. */
export function usePendingRelease(bookingId: string | null): PendingRelease | null | undefined {
  return useLiveQuery(() => (bookingId ? queryPendingRelease(bookingId) : Promise.resolve(null)), [bookingId]);
}

/** A booking's register as the desk knows it (queued entries marked pending); null when the booking is not on this device. */
export function useBookingRegister(bookingId: string | null): DeskRegister | null | undefined {
  return useLiveQuery(() => (bookingId ? queryBookingRegister(bookingId) : Promise.resolve(null)), [bookingId]);
}

/** Register files made here and not yet on the server, per booking. */
export function useWaitingFiles(): WaitingFiles[] | undefined {
  return useLiveQuery(queryWaitingFiles, []);
}

/** The housekeeping board from the device's store, for the lodge's day `todayIso`. */
export function useHousekeepingBoard(todayIso: string): DeskHousekeepingUnit[] | undefined {
  return useLiveQuery(() => queryHousekeepingBoard(todayIso), [todayIso]);
}
