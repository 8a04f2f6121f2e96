import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInLodge } from '@shared/domain/dates.js';
import { db, setState } from './db.js';
import { useBooking, useBookingSearch, useBookings, useOutbox, useOutcomes, useSyncStatus, useTodayBoard } from './hooks.js';
import { discardMine, setBookingStatus } from './outbox.js';
import { isoDay, makeBooking, resetDevice, seedLocal } from './test-support.js';

beforeEach(() => resetDevice());
afterEach(() => vi.restoreAllMocks());

const names = (rows: { guestName: string }[] | undefined) => rows?.map((r) => r.guestName);

describe('hooks', () => {
  it('useBooking shows an edit at once, marked pendingSync', async () => {
    const booking = makeBooking({ status: 'Confirmed' });
    await seedLocal({ bookings: [booking] });
    const { result } = renderHook(() => useBooking(booking.id));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'Confirmed', pendingSync: false }));

    const entry = (await act(() => setBookingStatus(booking.id, 'Checked-In')))!;

    await waitFor(() => expect(result.current).toMatchObject({ status: 'Checked-In', pendingSync: true, pendingEntryIds: [entry.id] }));
  });

  // Late in the UTC evening the lodge's day is already the next one: the board and the rows
  // made for "today" must agree on which day that is.
  it.each(['08:00', '22:30'])('useTodayBoard lists arrivals, departures and guests in house as the desk sees them (%s UTC)', async (time) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${new Date().toISOString().slice(0, 10)}T${time}:00Z`));
    // The day the front desk page shows.
    const today = todayInLodge(new Date());
    const arriving = makeBooking({ guestName: 'Arriving Confirmed', checkInDate: today, checkOutDate: isoDay(2), status: 'Confirmed' });
    const provisional = makeBooking({ guestName: 'Arriving Provisional', checkInDate: today, checkOutDate: isoDay(3), status: 'Provisional' });
    const cancelled = makeBooking({ guestName: 'Arriving Cancelled', checkInDate: today, checkOutDate: isoDay(2), status: 'Cancelled' });
    const leaving = makeBooking({ guestName: 'Leaving', checkInDate: isoDay(-2), checkOutDate: today, status: 'Checked-In' });
    const staying = makeBooking({ guestName: 'Staying', checkInDate: isoDay(-1), checkOutDate: isoDay(1), status: 'Checked-In' });
    const parent = makeBooking({ guestName: 'Whole Lodge', unitId: null, checkInDate: today, checkOutDate: isoDay(2), status: 'Confirmed' });
    const child = makeBooking({ guestName: 'Whole Lodge', parentBookingId: parent.id, isEntireLodgeChild: true, checkInDate: today, checkOutDate: isoDay(2), status: 'Confirmed' });
    await seedLocal({ bookings: [arriving, provisional, cancelled, leaving, staying, parent, child] });
    const { result } = renderHook(() => useTodayBoard(today));
    await waitFor(() =>
      expect(result.current && { a: names(result.current.arrivals), d: names(result.current.departures), i: names(result.current.inHouse) }).toEqual({
        a: ['Arriving Confirmed', 'Arriving Provisional', 'Whole Lodge'],
        d: ['Leaving'],
        i: ['Leaving', 'Staying'],
      }),
    );

    // Checking a guest in offline moves them from arrivals to in house at once; a check-out leaves.
    await act(async () => {
      await setBookingStatus(arriving.id, 'Checked-In');
      await setBookingStatus(leaving.id, 'Checked-Out');
    });
    await waitFor(() =>
      expect({ a: names(result.current!.arrivals), d: names(result.current!.departures), i: names(result.current!.inHouse) }).toEqual({
        a: ['Arriving Provisional', 'Whole Lodge'],
        d: [],
        i: ['Arriving Confirmed', 'Staying'],
      }),
    );
  });

  it('useBookingSearch finds by guest name or reference, case-insensitive', async () => {
    const rows = [
      makeBooking({ guestName: 'Thabo Nkosi', reference: 'LDG-1001', checkInDate: isoDay(1), checkOutDate: isoDay(3) }),
      makeBooking({ guestName: 'Anna Smit', reference: 'LDG-2002', checkInDate: isoDay(5), checkOutDate: isoDay(6) }),
      makeBooking({ guestName: 'Sam Thabethe', reference: 'LDG-3003', checkInDate: isoDay(9), checkOutDate: isoDay(10) }),
    ];
    await seedLocal({ bookings: rows });
    const { result, rerender } = renderHook(({ q }) => useBookingSearch(q), { initialProps: { q: 'THAB' } });
    await waitFor(() => expect(names(result.current)).toEqual(['Sam Thabethe', 'Thabo Nkosi']));
    rerender({ q: 'ldg-2002' });
    await waitFor(() => expect(names(result.current)).toEqual(['Anna Smit']));
    rerender({ q: '   ' });
    await waitFor(() => expect(result.current).toEqual([]));
  });

  it('useBookings filters stays overlapping a window and by status after the overlay', async () => {
    const inWindow = makeBooking({ guestName: 'In Window', checkInDate: isoDay(2), checkOutDate: isoDay(4), status: 'Confirmed' });
    const endsAtStart = makeBooking({ guestName: 'Ends At Start', checkInDate: isoDay(-2), checkOutDate: isoDay(1), status: 'Confirmed' });
    const later = makeBooking({ guestName: 'Later', checkInDate: isoDay(8), checkOutDate: isoDay(9), status: 'Confirmed' });
    await seedLocal({ bookings: [inWindow, endsAtStart, later] });
    const { result } = renderHook(() => useBookings({ from: isoDay(1), to: isoDay(7), status: ['Confirmed', 'Cancelled'] }));
    await waitFor(() => expect(names(result.current)).toEqual(['In Window']));
    await act(() => setBookingStatus(inWindow.id, 'Cancelled'));
    await waitFor(() => expect(result.current).toMatchObject([{ guestName: 'In Window', status: 'Cancelled', pendingSync: true }]));
  });

  it('useSyncStatus counts pending and conflicts, and follows online/offline', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    const pull = new Date().toISOString();
    await setState('lastPullAt', pull);
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { result } = renderHook(() => useSyncStatus());
    await waitFor(() => expect(result.current).toMatchObject({ loaded: true, online: true, pendingCount: 0, conflictCount: 0, lastPullAt: pull, pausedForAuth: false, replaying: false }));

    const entry = (await act(() => setBookingStatus(booking.id, 'Cancelled')))!;
    await waitFor(() => expect(result.current).toMatchObject({ pendingCount: 1, conflictCount: 0 }));
    await act(() => db.outbox.update(entry.id, { status: 'conflict', reason: 'Changed meanwhile' }));
    await waitFor(() => expect(result.current).toMatchObject({ pendingCount: 0, conflictCount: 1 }));

    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current.online).toBe(false);
  });

  it('useOutbox and useOutcomes show the queue and the log', async () => {
    const booking = makeBooking();
    await seedLocal({ bookings: [booking] });
    const entry = (await setBookingStatus(booking.id, 'Cancelled'))!;
    const outbox = renderHook(() => useOutbox());
    const outcomes = renderHook(() => useOutcomes());
    await waitFor(() => expect(outbox.result.current?.pending.map((e) => e.id)).toEqual([entry.id]));
    await act(() => discardMine(entry.id));
    await waitFor(() => expect(outbox.result.current).toEqual({ pending: [], conflicts: [], rejected: [] }));
    await waitFor(() => expect(outcomes.result.current).toMatchObject([{ entryId: entry.id, outcome: 'discarded' }]));
  });
});
