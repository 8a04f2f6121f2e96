import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdminBookingsQuery,
  AdminCreateBookingRequest,
  Booking,
  CreateBookingRequest,
  GuestData,
  UpdateBookingRequest,
  UpcomingArrivalsResponse,
  bookingTargetOf,
} from './bookings.js';

const UNIT = '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';
const PACKAGE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const guestData = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', phone: '', address: '' };

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('GuestData', () => {
  it('trims, lowercases the e-mail and turns empty optional fields into null', () => {
    expect(GuestData.parse({ firstName: ' Thandi ', lastName: 'Nkosi', email: ' Thandi@Example.COM ' })).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi@example.com',
      phone: null,
      address: null,
    });
  });

  it('uses the spec messages', () => {
    expect(issues(GuestData, { firstName: ' ', lastName: '', email: 'not-an-email' })).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Valid email is required' },
    ]);
    expect(issues(GuestData, {})).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Valid email is required' },
    ]);
  });
});

describe('CreateBookingRequest (POST /api/bookings)', () => {
  const eft = {
    unitId: UNIT,
    checkInDate: '2026-12-30',
    checkOutDate: '2027-01-02',
    totalAmount: 3500,
    paymentMethod: 'EFT',
    specialRequests: '',
    discountAmount: 0,
    guestData,
  };

  it('accepts the guest EFT call and defaults to 2 guests', () => {
    const body = CreateBookingRequest.parse(eft);
    expect(body).toMatchObject({ unitId: UNIT, checkInDate: '2026-12-30', numberOfGuests: 2, specialRequests: null, paymentMethod: 'EFT' });
    expect(bookingTargetOf(body)).toEqual({ kind: 'unit', unitId: UNIT });
  });

  it('refuses check-out before or on check-in with the spec message on checkOutDate', () => {
    expect(issues(CreateBookingRequest, { ...eft, checkOutDate: '2026-12-29' })).toEqual([
      { path: 'checkOutDate', message: 'Check-out date must be after check-in date' },
    ]);
    expect(issues(CreateBookingRequest, { ...eft, checkOutDate: '2026-12-30' })).toEqual([
      { path: 'checkOutDate', message: 'Check-out date must be after check-in date' },
    ]);
  });

  it('refuses impossible dates', () => {
    expect(issues(CreateBookingRequest, { ...eft, checkInDate: '2026-02-30' })).toEqual([
      { path: 'checkInDate', message: 'Date must be a valid date in the format YYYY-MM-DD' },
    ]);
  });

  it('takes 1 to 8 guests', () => {
    expect(CreateBookingRequest.parse({ ...eft, numberOfGuests: 8 }).numberOfGuests).toBe(8);
    expect(CreateBookingRequest.parse({ ...eft, numberOfGuests: 1 }).numberOfGuests).toBe(1);
    for (const numberOfGuests of [0, 9, 2.5, '3']) {
      expect(issues(CreateBookingRequest, { ...eft, numberOfGuests })).toEqual([
        { path: 'numberOfGuests', message: 'Number of guests must be between 1 and 8' },
      ]);
    }
  });

  it('lets a guest pay by Card or EFT only', () => {
    expect(CreateBookingRequest.safeParse({ ...eft, paymentMethod: 'Card' }).success).toBe(true);
    expect(issues(CreateBookingRequest, { ...eft, paymentMethod: 'Cash' })).toEqual([
      { path: 'paymentMethod', message: 'Payment method must be Card or EFT' },
    ]);
  });

  it('books a package by packageTypeId, or by accommodationTypeId with isPackageBooking', () => {
    const { unitId: _, ...withoutUnit } = eft;
    expect(bookingTargetOf(CreateBookingRequest.parse({ ...withoutUnit, packageTypeId: PACKAGE }))).toEqual({
      kind: 'package',
      packageTypeId: PACKAGE,
    });
    const admin = CreateBookingRequest.parse({ ...withoutUnit, accommodationTypeId: PACKAGE, isPackageBooking: true, paymentStatus: 'paid' });
    expect(bookingTargetOf(admin)).toEqual({ kind: 'package', packageTypeId: PACKAGE });
    expect(admin.paymentStatus).toBe('Paid');
  });

  it('needs exactly one of a unit or a package', () => {
    const { unitId: _, ...withoutUnit } = eft;
    expect(issues(CreateBookingRequest, withoutUnit)).toEqual([{ path: 'unitId', message: 'unitId or packageTypeId is required' }]);
    expect(issues(CreateBookingRequest, { ...withoutUnit, accommodationTypeId: PACKAGE })).toEqual([
      { path: 'unitId', message: 'unitId or packageTypeId is required' },
    ]);
    expect(issues(CreateBookingRequest, { ...eft, packageTypeId: PACKAGE })).toEqual([
      { path: 'unitId', message: 'Send unitId or packageTypeId, not both' },
    ]);
  });

  it('treats a null or empty id as absent', () => {
    expect(bookingTargetOf(CreateBookingRequest.parse({ ...eft, packageTypeId: null, accommodationTypeId: '' }))).toEqual({ kind: 'unit', unitId: UNIT });
  });

  it('refuses a unit id that is not an id', () => {
    expect(issues(CreateBookingRequest, { ...eft, unitId: 'unit-1' })).toEqual([{ path: 'unitId', message: 'Must be a valid id' }]);
  });

  it('keeps a promo code as typed, trimmed, and drops an empty one', () => {
    expect(CreateBookingRequest.parse({ ...eft, promoCode: ' summer10 ' }).promoCode).toBe('summer10');
    expect(CreateBookingRequest.parse({ ...eft, promoCode: '' }).promoCode).toBeUndefined();
  });

  it('needs guest data', () => {
    const { guestData: _, ...withoutGuest } = eft;
    expect(issues(CreateBookingRequest, withoutGuest)).toEqual([{ path: 'guestData', message: 'Guest details are required' }]);
  });
});

describe('AdminCreateBookingRequest (POST /api/admin/bookings)', () => {
  const call = {
    unitId: UNIT,
    checkInDate: '2026-12-01T14:00',
    checkOutDate: '2026-12-03T10:00',
    totalAmount: '2000.00',
    paymentMethod: 'cash',
    paymentStatus: 'deposit_paid',
    specialRequests: 'Late arrival',
    guestData,
  };

  it('accepts the admin form call: times dropped, methods and statuses mapped', () => {
    expect(AdminCreateBookingRequest.parse(call)).toMatchObject({
      unitId: UNIT,
      checkInDate: '2026-12-01',
      checkOutDate: '2026-12-03',
      totalAmount: 2000,
      paymentMethod: 'Card',
      paymentStatus: 'Paid',
      specialRequests: 'Late arrival',
      numberOfGuests: 2,
    });
    expect(AdminCreateBookingRequest.parse({ ...call, paymentMethod: 'eft', paymentStatus: 'pending' })).toMatchObject({
      paymentMethod: 'EFT',
      paymentStatus: 'Pending',
    });
  });

  it('names each missing required field', () => {
    expect(issues(AdminCreateBookingRequest, { guestData })).toEqual([
      { path: 'unitId', message: 'Please select at least one unit' },
      { path: 'checkInDate', message: 'Check-in date is required' },
      { path: 'checkOutDate', message: 'Check-out date is required' },
      { path: 'totalAmount', message: 'Total amount is required' },
      { path: 'paymentMethod', message: 'Payment method must be Card, EFT or Cash' },
      { path: 'paymentStatus', message: 'Payment status must be Pending, Paid, Deposit Paid, Refunded, Partially Refunded or Failed' },
    ]);
  });

  it('refuses check-out before check-in with the spec message', () => {
    expect(issues(AdminCreateBookingRequest, { ...call, checkOutDate: '2026-11-30T10:00' })).toEqual([
      { path: 'checkOutDate', message: 'Check-out date must be after check-in date' },
    ]);
  });

  it('refuses a negative total', () => {
    expect(issues(AdminCreateBookingRequest, { ...call, totalAmount: -1 })).toEqual([
      { path: 'totalAmount', message: 'Amount must be a positive number' },
    ]);
  });

  it('takes a client-made id for offline bookings', () => {
    expect(AdminCreateBookingRequest.parse({ ...call, id: PACKAGE }).id).toBe(PACKAGE);
  });

  it('takes a walk-in or phone guest without an e-mail when a phone is given (absent, null or empty all mean none)', () => {
    const noEmail = { firstName: 'Sipho', lastName: 'Mokoena', phone: '082 123 4567' };
    for (const email of [undefined, null, '', '  ']) {
      expect(AdminCreateBookingRequest.parse({ ...call, channel: 'Walk-in', guestData: { ...noEmail, email } })).toMatchObject({
        channel: 'Walk-in',
        guestData: { firstName: 'Sipho', lastName: 'Mokoena', email: null, phone: '082 123 4567' },
      });
    }
    expect(AdminCreateBookingRequest.parse(call)).toMatchObject({ guestData: { email: 'thandi@example.com' } });
    expect(AdminCreateBookingRequest.parse(call).channel).toBeUndefined();
  });

  it('names the e-mail when there is neither an address nor a phone, keeps the spec message for a malformed one, and takes staff channels only', () => {
    expect(issues(AdminCreateBookingRequest, { ...call, guestData: { firstName: 'Sipho', lastName: 'Mokoena', phone: ' - ' } })).toEqual([
      { path: 'guestData.email', message: 'Give an e-mail address or a phone number' },
    ]);
    expect(issues(AdminCreateBookingRequest, { ...call, guestData: { ...guestData, email: 'thandi@', phone: '082 123 4567' } })).toEqual([
      { path: 'guestData.email', message: 'Valid email is required' },
    ]);
    expect(issues(AdminCreateBookingRequest, { ...call, channel: 'Website' })).toEqual([{ path: 'channel', message: 'Channel must be Walk-in, Phone or E-mail' }]);
    // A guest booking online still needs its address.
    expect(issues(GuestData, { firstName: 'Sipho', lastName: 'Mokoena', phone: '082 123 4567' })).toEqual([{ path: 'email', message: 'Valid email is required' }]);
  });
});

describe('UpdateBookingRequest (PUT /api/admin/bookings/:id)', () => {
  it('accepts any one field', () => {
    expect(UpdateBookingRequest.parse({ status: 'Checked-In' })).toEqual({ status: 'Checked-In' });
    expect(UpdateBookingRequest.parse({ paymentMethod: 'cash', version: 3 })).toEqual({ paymentMethod: 'Cash', version: 3 });
    expect(UpdateBookingRequest.parse({ totalAmount: 1999.99 })).toEqual({ totalAmount: 1999.99 });
  });

  it('clears special requests with an empty string but leaves them alone when missing', () => {
    expect(UpdateBookingRequest.parse({ specialRequests: '' })).toEqual({ specialRequests: null });
    expect(UpdateBookingRequest.parse({ status: 'Confirmed' })).not.toHaveProperty('specialRequests');
  });

  it('needs at least one field besides version', () => {
    expect(issues(UpdateBookingRequest, {})).toEqual([{ path: '', message: 'Nothing to update' }]);
    expect(issues(UpdateBookingRequest, { version: 2 })).toEqual([{ path: '', message: 'Nothing to update' }]);
  });

  it('refuses unknown statuses', () => {
    expect(issues(UpdateBookingRequest, { status: 'Done' })).toEqual([
      { path: 'status', message: 'Status must be Provisional, Confirmed, Checked-In, Checked-Out or Cancelled' },
    ]);
  });
});

describe('AdminBookingsQuery', () => {
  it('treats empty parameters as no filter', () => {
    expect(AdminBookingsQuery.parse({ startDate: '', endDate: '', unitId: '', status: '' })).toEqual({});
    expect(AdminBookingsQuery.parse({})).toEqual({});
  });

  it('parses a window, a unit and a status', () => {
    expect(AdminBookingsQuery.parse({ startDate: '2026-12-01', endDate: '2026-12-14', unitId: UNIT, status: 'Confirmed' })).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-14',
      unitId: UNIT,
      status: 'Confirmed',
    });
  });

  it('refuses bad dates, ids, statuses and a window ending before it starts', () => {
    expect(issues(AdminBookingsQuery, { startDate: '2026-13-01' })).toEqual([
      { path: 'startDate', message: 'Date must be a valid date in the format YYYY-MM-DD' },
    ]);
    expect(issues(AdminBookingsQuery, { unitId: 'x' })).toEqual([{ path: 'unitId', message: 'Must be a valid id' }]);
    expect(issues(AdminBookingsQuery, { status: 'Done' })).toHaveLength(1);
    expect(issues(AdminBookingsQuery, { startDate: '2026-12-14', endDate: '2026-12-01' })).toEqual([
      { path: 'endDate', message: 'End date must not be before start date' },
    ]);
  });
});

describe('response schemas', () => {
  const booking = {
    id: UNIT,
    reference: 'WL-7KQ3XM',
    unitId: UNIT,
    unitName: 'Chalet 1',
    accommodationTypeId: PACKAGE,
    accommodationTypeName: 'Chalet',
    guestId: UNIT,
    guestName: 'Thandi Nkosi',
    guestEmail: 'thandi@example.com',
    guestPhone: null,
    checkInDate: '2026-12-30',
    checkOutDate: '2027-01-02',
    numberOfGuests: 2,
    status: 'Provisional',
    totalAmount: 3500,
    discountAmount: 0,
    paymentStatus: 'Pending',
    paymentMethod: 'EFT',
    paymentVerified: false,
    paystackReference: null,
    promoCodeId: null,
    specialRequests: null,
    holdExpiresAt: '2027-01-01T10:00:00.000Z',
    parentBookingId: null,
    isEntireLodgeChild: false,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    version: 1,
  };

  it('describes a booking', () => {
    expect(Booking.parse(booking)).toEqual(booking);
    expect(Booking.safeParse({ ...booking, status: 'Unknown' }).success).toBe(false);
    expect(Booking.safeParse({ ...booking, checkInDate: '2026-12-30T14:00' }).success).toBe(false);
  });

  it('describes the upcoming arrivals answer', () => {
    const answer = {
      todayArrivals: 1,
      todayDepartures: 0,
      totalArrivals: 1,
      totalDepartures: 1,
      bookings: [
        { id: UNIT, type: 'arrival', date: '2026-12-30', guestName: 'Thandi Nkosi', unitName: 'Chalet 1', totalAmount: 3500, status: 'Confirmed' },
        { id: UNIT, type: 'departure', date: '2027-01-02', guestName: 'Thandi Nkosi', unitName: 'Chalet 1', totalAmount: 3500, status: 'Confirmed' },
      ],
    };
    expect(UpcomingArrivalsResponse.parse(answer)).toEqual(answer);
  });
});
