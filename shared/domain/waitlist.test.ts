import { describe, expect, it } from 'vitest';
import { waitlistBookingPath, waitlistStatus } from './waitlist.js';

describe('waitlistStatus', () => {
  const today = '2027-03-10';
  it('waits while the check-in is today or later', () => {
    expect(waitlistStatus({ notifiedAt: null, checkIn: '2027-03-10' }, today)).toBe('waiting');
    expect(waitlistStatus({ notifiedAt: null, checkIn: '2027-04-01' }, today)).toBe('waiting');
  });
  it('expires the day after the check-in', () => {
    expect(waitlistStatus({ notifiedAt: null, checkIn: '2027-03-09' }, today)).toBe('expired');
  });
  it('stays notified once e-mailed, even after the dates pass', () => {
    expect(waitlistStatus({ notifiedAt: '2027-03-01T08:00:00.000Z', checkIn: '2027-03-09' }, today)).toBe('notified');
    expect(waitlistStatus({ notifiedAt: new Date('2027-03-01T08:00:00Z'), checkIn: '2027-04-01' }, today)).toBe('notified');
  });
});

describe('waitlistBookingPath', () => {
  it('fills in the booking page with the stay, the party and the type', () => {
    expect(waitlistBookingPath({ checkIn: '2027-03-10', checkOut: '2027-03-12', guests: 3, accommodationTypeId: 'a1b2' })).toBe(
      '/booking?checkIn=2027-03-10&checkOut=2027-03-12&guests=3&accommodation=a1b2',
    );
  });
});
