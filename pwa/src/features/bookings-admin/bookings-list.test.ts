import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv.js';
import { makeBooking } from '@/offline/test-support.js';
import { bookingSummary, bookingsCsv, childUnitNames, filterBookings, shortId, sortBookings, splitPackages } from './bookings-list.js';

const a = makeBooking({ id: 'aaaa1111-0000-4000-8000-000000000001', reference: 'WL-7KQ3XM', guestName: 'Lindiwe Dlamini', guestEmail: 'lindiwe@example.test', status: 'Confirmed', totalAmount: 4200, checkInDate: '2026-03-02' });
const b = makeBooking({ id: 'bbbb2222-0000-4000-8000-000000000002', reference: 'WL-ABCD23', guestName: 'Pieter Botha', guestEmail: 'pieter@botha.test', status: 'Provisional', totalAmount: 1000.5, checkInDate: '2026-03-01' });
const c = makeBooking({ id: 'cccc3333-0000-4000-8000-000000000003', reference: 'WL-PQR789', guestName: 'Anna Smit', guestEmail: 'anna@smit.test', status: 'Confirmed', totalAmount: 300, checkInDate: '2026-03-03' });

describe('bookings list', () => {
  it('shows the first 8 characters of an id', () => {
    expect(shortId(a.id)).toBe('aaaa1111');
  });

  it('filters by status and searches name, e-mail or id case-insensitively', () => {
    expect(filterBookings([a, b, c], 'Confirmed', '').map((x) => x.guestName)).toEqual(['Lindiwe Dlamini', 'Anna Smit']);
    expect(filterBookings([a, b, c], 'all', 'BOTHA').map((x) => x.guestName)).toEqual(['Pieter Botha']);
    expect(filterBookings([a, b, c], 'all', 'smit.TEST').map((x) => x.guestName)).toEqual(['Anna Smit']);
    expect(filterBookings([a, b, c], 'all', ' CCCC33 ').map((x) => x.guestName)).toEqual(['Anna Smit']);
    expect(filterBookings([a, b, c], 'Provisional', 'lindiwe')).toEqual([]);
  });

  it('finds a booking by its reference, any case, with or without the WL- prefix', () => {
    const names = (q: string) => filterBookings([a, b, c], 'all', q).map((x) => x.guestName);
    expect(names('WL-7KQ3XM')).toEqual(['Lindiwe Dlamini']);
    expect(names('wl-7kq3xm')).toEqual(['Lindiwe Dlamini']);
    expect(names('7kq3xm')).toEqual(['Lindiwe Dlamini']);
    expect(names(' WL 7KQ3XM ')).toEqual(['Lindiwe Dlamini']);
    expect(names('wl7kq3')).toEqual(['Lindiwe Dlamini']);
    expect(names('abcd23')).toEqual(['Pieter Botha']);
    expect(names('WL-7KQ3XN')).toEqual([]);
    // The prefix alone is in every reference: it finds none by reference.
    expect(names('WL-')).toEqual([]);
  });

  it('sorts by a column either way', () => {
    expect(sortBookings([a, b, c], 'checkInDate', 'asc').map((x) => x.guestName)).toEqual(['Pieter Botha', 'Lindiwe Dlamini', 'Anna Smit']);
    expect(sortBookings([a, b, c], 'totalAmount', 'desc').map((x) => x.totalAmount)).toEqual([4200, 1000.5, 300]);
    expect(sortBookings([a, b, c], 'guestName', 'asc').map((x) => x.guestName)).toEqual(['Anna Smit', 'Lindiwe Dlamini', 'Pieter Botha']);
  });

  it('sums over the list: total, confirmed, revenue and the rounded average', () => {
    expect(bookingSummary([a, b, c])).toEqual({ total: 3, confirmed: 2, revenue: 5500.5, average: 1834 });
    expect(bookingSummary([])).toEqual({ total: 0, confirmed: 0, revenue: 0, average: 0 });
  });

  it('leaves cancelled bookings out of Total Revenue and Average Booking, but counts them in Total Bookings', () => {
    const cancelled = makeBooking({ status: 'Cancelled', totalAmount: 9000 });
    expect(bookingSummary([a, b, c, cancelled])).toEqual({ total: 4, confirmed: 2, revenue: 5500.5, average: 1834 });
    expect(bookingSummary([cancelled])).toEqual({ total: 1, confirmed: 0, revenue: 0, average: 0 });
  });

  it('lists entire-lodge parents apart and hides their children', () => {
    const parent = makeBooking({ unitId: null, unitName: null, guestName: 'Whole Lodge' });
    const child = makeBooking({ parentBookingId: parent.id, isEntireLodgeChild: true, guestName: 'Whole Lodge' });
    const { unitBookings, packageBookings } = splitPackages([a, parent, child]);
    expect(unitBookings.map((x) => x.id)).toEqual([a.id]);
    expect(packageBookings.map((x) => x.id)).toEqual([parent.id]);
  });

  it('exports a walk-in without an e-mail: Email empty, the phone, the channel and who took it', () => {
    const walkIn = makeBooking({ id: 'eeee5555-0000-4000-8000-000000000005', reference: 'LDG-2', guestEmail: null, guestPhone: '082 123 4567', channel: 'Walk-in', createdByName: 'Thandi Nkosi', checkInDate: '2026-03-02', checkOutDate: '2026-03-04' });
    expect(bookingsCsv([walkIn]).split('\r\n')[1]).toBe('eeee5555,LDG-2,Lindiwe Dlamini,,Tent 1,2026-03-02,2026-03-04,2,4200.00,Confirmed,Pending,EFT,082 123 4567,Walk-in,Thandi Nkosi');
  });

  it('finds a walk-in by phone, and a search for an e-mail passes over one without', () => {
    const walkIn = makeBooking({ guestName: 'Sipho Mokoena', guestEmail: null, guestPhone: '082 123 4567' });
    expect(filterBookings([walkIn], 'all', '082 123').map((x) => x.id)).toEqual([walkIn.id]);
    expect(filterBookings([walkIn], 'all', '@example')).toEqual([]);
  });

  it('filters by channel, Not recorded being a staff booking without one', () => {
    const walkIn = makeBooking({ guestName: 'Sipho Mokoena', channel: 'Walk-in' });
    const website = makeBooking({ guestName: 'Anna Smit', channel: 'Website' });
    const older = makeBooking({ guestName: 'Pieter Botha', channel: null });
    const names = (channel: Parameters<typeof filterBookings>[3]) => filterBookings([walkIn, website, older], 'all', '', channel).map((x) => x.guestName);
    expect(names('all')).toEqual(['Sipho Mokoena', 'Anna Smit', 'Pieter Botha']);
    expect(names('Walk-in')).toEqual(['Sipho Mokoena']);
    expect(names('Website')).toEqual(['Anna Smit']);
    expect(names('none')).toEqual(['Pieter Botha']);
    expect(names('Phone')).toEqual([]);
  });

  it('exports CSV with quoting and no formula injection', () => {
    const odd = makeBooking({ id: 'dddd4444-0000-4000-8000-000000000004', guestName: '=HYPERLINK("x")', guestEmail: 'x@y.test', unitName: 'Tent, "Big"', checkInDate: '2026-03-02', checkOutDate: '2026-03-04', totalAmount: 12.5, reference: 'LDG-1' });
    expect(bookingsCsv([odd]).split('\r\n')).toEqual([
      'Booking ID,Reference,Guest,Email,Unit,Check-in,Check-out,Guests,Total,Status,Payment Status,Payment Method,Phone,Channel,Taken by',
      `dddd4444,LDG-1,"'=HYPERLINK(""x"")",x@y.test,"Tent, ""Big""",2026-03-02,2026-03-04,2,12.50,Confirmed,Pending,EFT,,Not recorded,Not recorded`,
      '',
    ]);
    expect(toCsv(['a'], [[null], [-5]])).toBe('a\r\n\r\n-5\r\n');
  });
});

describe('group bookings in the list', () => {
  const parent = makeBooking({ id: 'dddd4444-0000-4000-8000-000000000004', unitId: null, unitName: null, unitCount: 2, accommodationTypeName: 'Classic Safari Tent' });
  const lodge = makeBooking({ id: 'eeee5555-0000-4000-8000-000000000005', unitId: null, unitName: null });
  const kids = ['Tent 2', 'Tent 1'].map((unitName, i) =>
    makeBooking({ id: `ffff666${i}-0000-4000-8000-000000000006`, unitName, parentBookingId: parent.id, isEntireLodgeChild: true }),
  );

  it('lists a group with the unit bookings, the entire lodge apart, the children hidden', () => {
    const { unitBookings, packageBookings } = splitPackages([a, parent, lodge, ...kids]);
    expect(unitBookings.map((x) => x.id)).toEqual([a.id, parent.id]);
    expect(packageBookings.map((x) => x.id)).toEqual([lodge.id]);
  });

  it('names the units a parent holds, and the CSV its type and unit count', () => {
    expect(childUnitNames([a, parent, ...kids], parent.id)).toEqual(['Tent 1', 'Tent 2']);
    expect(bookingsCsv([parent]).split('\n')[1]).toContain(',Classic Safari Tent · 2 units,');
  });
});
