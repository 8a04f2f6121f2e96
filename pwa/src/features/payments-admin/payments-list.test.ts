import { describe, expect, it } from 'vitest';
import { makeBooking } from '@/offline/test-support.js';
import { filterPayments, paymentCounts } from './payments-list.js';

const hold = makeBooking({ guestName: 'Ayanda Khumalo', reference: 'WL-AAA111', status: 'Provisional', paymentStatus: 'Pending', checkInDate: '2027-01-10', checkOutDate: '2027-01-12' });
const paid = makeBooking({ guestName: 'Pieter Nel', guestEmail: 'pieter@nel.test', reference: 'WL-BBB222', paymentStatus: 'Paid', checkInDate: '2027-02-01', checkOutDate: '2027-02-03' });
const part = makeBooking({ guestName: 'Emma Collins', reference: 'WL-CCC333', paymentStatus: 'Partially Refunded', checkInDate: '2027-03-01', checkOutDate: '2027-03-02' });
const gone = makeBooking({ guestName: 'Johan Botha', reference: 'WL-DDD444', status: 'Cancelled', paymentStatus: 'Pending', checkInDate: '2027-01-05', checkOutDate: '2027-01-06' });
const refunded = makeBooking({ guestName: 'Marco Rossi', reference: 'WL-EEE555', status: 'Cancelled', paymentStatus: 'Refunded', checkInDate: '2027-01-01', checkOutDate: '2027-01-02' });
const child = makeBooking({ guestName: 'Pieter Nel', reference: 'WL-BBB222-1', paymentStatus: 'Paid', isEntireLodgeChild: true, parentBookingId: paid.id });
const all = [hold, paid, part, gone, refunded, child];
const refs = (rows: { reference: string }[]) => rows.map((b) => b.reference);

describe('the payments list', () => {
  it('lists every booking but entire-lodge children, newest check-in first', () => {
    expect(refs(filterPayments(all, 'all', ''))).toEqual(['WL-CCC333', 'WL-BBB222', 'WL-AAA111', 'WL-DDD444', 'WL-EEE555']);
  });

  it('awaiting payment: pending or failed, not cancelled', () => {
    expect(refs(filterPayments(all, 'awaiting', ''))).toEqual(['WL-AAA111']);
  });

  it('by payment status, and by search in name, e-mail or reference', () => {
    expect(refs(filterPayments(all, 'Refunded', ''))).toEqual(['WL-EEE555']);
    expect(refs(filterPayments(all, 'all', 'NEL.test'))).toEqual(['WL-BBB222']);
    expect(refs(filterPayments(all, 'all', 'ccc3'))).toEqual(['WL-CCC333']);
  });

  it('counts by payment state', () => {
    expect(paymentCounts(all)).toEqual({ awaiting: 1, paid: 1, partiallyRefunded: 1, refunded: 1 });
  });
});
