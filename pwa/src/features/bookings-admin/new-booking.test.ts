import { describe, expect, it } from 'vitest';
import { availabilityQuery, calculatedTotal, checkNewBooking, creationMessage, emptyForm, isCalculableDate, splitTotal } from './new-booking.js';

const today = '2026-03-02';
const filled = { ...emptyForm(), accommodationTypeId: 't', unitIds: ['u1'], checkInDate: today, checkOutDate: '2026-03-04', firstName: 'A', lastName: 'B', email: 'a@b.test', totalAmount: '100', channel: 'Phone' as const };

describe('new booking', () => {
  it('calculates only for real dates of 2020 to 2030', () => {
    expect(['2020-01-01', '2030-12-31', '2019-12-31', '2031-01-01', '2026-02-30', '26-03-01', ''].map(isCalculableDate)).toEqual([true, true, false, false, false, false, false]);
  });

  it('asks availability up to the last night, not the check-out day', () => {
    expect(availabilityQuery('u1', '2026-03-02', '2026-03-05')).toEqual({ unitId: 'u1', startDate: '2026-03-02', endDate: '2026-03-04' });
  });

  it('splits a total equally to the cent and multiplies the rate by units except for packages', () => {
    expect(splitTotal(1000, 3)).toEqual([333.34, 333.33, 333.33]);
    expect(calculatedTotal(2100.5, 2, false)).toBe(4201);
    expect(calculatedTotal(30000, 0, true)).toBe(30000);
  });

  it('checks the form with the spec words', () => {
    expect(checkNewBooking(filled, today)).toBeNull();
    expect(checkNewBooking({ ...filled, email: ' ' }, today)).toEqual({ title: 'Validation Error', description: 'Please fill in all required fields' });
    // A walk-in or phone guest: no e-mail is fine once there is a phone, for a package too.
    expect(checkNewBooking({ ...filled, email: '', phone: '082 123 4567' }, today)).toBeNull();
    expect(checkNewBooking({ ...filled, email: '', phone: '082 123 4567', unitIds: [], isPackage: true }, today)).toBeNull();
    expect(checkNewBooking({ ...filled, email: '', phone: ' ' }, today)?.description).toBe('Please fill in all required fields');
    expect(checkNewBooking({ ...filled, channel: '' }, today)?.description).toBe('Please fill in all required fields');
    expect(checkNewBooking({ ...filled, unitIds: [] }, today)?.description).toBe('Please select at least one unit');
    expect(checkNewBooking({ ...filled, unitIds: [], isPackage: true }, today)).toBeNull();
    expect(checkNewBooking({ ...filled, checkInDate: '2026-03-01' }, today)?.description).toBe('Check-in date cannot be in the past');
    expect(checkNewBooking({ ...filled, checkOutDate: '2026-03-01', checkInDate: '2026-03-03' }, today)?.description).toBe('Check-out date cannot be before check-in date');
  });

  it('reports full and partial success', () => {
    expect(creationMessage(2, 2)).toEqual({ title: 'Success', description: 'Created 2 booking(s) successfully!' });
    expect(creationMessage(1, 3)).toEqual({ title: 'Partial Success', description: 'Created 1 of 3 booking(s). Some units may have failed.' });
  });
});
