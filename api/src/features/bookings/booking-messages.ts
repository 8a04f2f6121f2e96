import { ConflictError } from '../../errors.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';

export const BOOKING_SERVICE_MESSAGES = {
  unavailable: 'This accommodation is not available for the selected dates',
  unitNotFound: 'Unit not found',
  bookingNotFound: 'Booking not found',
  noDeposit: 'This booking has no deposit: the full amount was due when it was made, so mark it Paid instead',
  entireLodgeNotFound: 'Entire-lodge booking not found',
  notAPackage: 'This accommodation type is not a package',
  pastCheckIn: 'Check-in date cannot be in the past',
  eftDisabled: 'EFT payments are not available at the moment. Please pay by card.',
  cardDisabled: 'Card payments are not available at the moment.',
  cardThroughPayments: 'Card bookings are paid in the card payment window (POST /api/payments/initialize)',
  staffPaymentStatus: 'Payment status must be Pending or Paid for a new booking',
  childDelete: 'This unit is part of an entire-lodge booking; delete the entire-lodge booking instead',
  stale: 'This booking was changed by someone else. Reload it and try again.',
} as const;

/** 409 with the record as it is now (`current` in the body), so the client can show it. */
export class StaleBookingError extends ConflictError {
  constructor(readonly current: Booking) {
    super(BOOKING_SERVICE_MESSAGES.stale, 'stale_version', undefined, { current });
  }
}

export const unavailable = () => new ConflictError(BOOKING_SERVICE_MESSAGES.unavailable, 'unavailable');

/**
 * A group asked for more units than are free for its dates: 409 in the single booking's
 * words when none is free, otherwise naming how many are (availableUnits in the body too).
 */
export function groupUnavailable(free: number): ConflictError {
  if (free === 0) return new ConflictError(BOOKING_SERVICE_MESSAGES.unavailable, 'unavailable', undefined, { availableUnits: 0 });
  const message = `Only ${free} ${free === 1 ? 'unit is' : 'units are'} available for the selected dates`;
  return new ConflictError(message, 'unavailable', undefined, { availableUnits: free });
}
