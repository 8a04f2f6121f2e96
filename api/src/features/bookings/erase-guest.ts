import type { Tx } from '../../db/transaction.js';
import * as repo from './guest-erasure.repo.js';

/**
 * Anonymises a guest (their record and what their bookings say of them) in the caller's
 * transaction: the address they had, and their bookings' ids, for the other features' part of
 * the erasure. Undefined for an unknown guest.
 */
export function anonymiseGuest(trx: Tx, guestId: string): Promise<{ email: string | null; bookingIds: string[] } | undefined> {
  return repo.anonymiseGuestAndBookings(trx, guestId, { name: 'Erased guest', email: `erased-${guestId}@erased.invalid` });
}
