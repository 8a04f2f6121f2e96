import { describe, expect, it } from 'vitest';
import { bookingMoneyLines } from './booking-money.js';

describe('bookingMoneyLines', () => {
  it('shows paid, balance and its due date for a booking with a deposit paid', () => {
    expect(bookingMoneyLines({ totalAmount: 4950, amountPaid: 1485, balanceDue: 3465, balanceDueDate: '2026-12-14', depositAmount: 1485 })).toEqual([
      { term: 'Paid', value: 'R1,485.00' },
      { term: 'Balance', value: 'R3,465.00' },
      { term: 'Balance due', value: 'Mon 14 Dec 2026' },
    ]);
  });

  it('keeps paid and a zero balance once a deposit booking is paid in full, without a due date', () => {
    expect(bookingMoneyLines({ totalAmount: 4950, amountPaid: 4950, balanceDue: 0, balanceDueDate: '2026-12-14', depositAmount: 1485 })).toEqual([
      { term: 'Paid', value: 'R4,950.00' },
      { term: 'Balance', value: 'R0.00' },
    ]);
  });

  it('shows an unpaid balance of a booking due in full, with no due date', () => {
    expect(bookingMoneyLines({ totalAmount: 4200.5, amountPaid: 0, balanceDue: 4200.5, balanceDueDate: null, depositAmount: 4200.5 })).toEqual([
      { term: 'Paid', value: 'R0.00' },
      { term: 'Balance', value: 'R4,200.50' },
    ]);
  });

  it('shows nothing for a booking paid in one go, or one the device holds without these figures', () => {
    expect(bookingMoneyLines({ totalAmount: 4200, amountPaid: 4200, balanceDue: 0, balanceDueDate: null, depositAmount: 4200 })).toEqual([]);
    expect(bookingMoneyLines({ totalAmount: 4200, amountPaid: 0, balanceDue: 0, balanceDueDate: null, depositAmount: null })).toEqual([]);
    expect(bookingMoneyLines({ totalAmount: 4200 })).toEqual([]);
  });
});
