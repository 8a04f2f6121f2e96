import type { BookingStatus } from '@shared/domain/booking-status.js';

/**
 * The desk's word for moving a booking to a status: the front desk's buttons and the sync
 * page's list of changes say the same.
 */
export const STATUS_ACTION: Record<BookingStatus, string> = {
  Provisional: 'Set to Provisional',
  Confirmed: 'Confirm',
  'Checked-In': 'Check in',
  'Checked-Out': 'Check out',
  Cancelled: 'Cancel',
};
