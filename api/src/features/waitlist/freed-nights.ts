import type { Tx } from '../../db/transaction.js';
import { compareIsoDates, type IsoDate } from '../../../../shared/domain/dates.js';
import * as repo from './waitlist.repo.js';

/** Why nights came free: kept with the range for whoever reads the table. */
export type FreedBy = 'cancellation' | 'hold-expired' | 'early-departure' | 'booking-deleted' | 'channel-block-removed' | 'room-move';

/**
 * The one door to the waitlist for a change that frees nights [start, end): called in that
 * change's own transaction (a cancellation, an expired hold, a released early departure, a
 * deleted booking, the channel feeds' removed blocks, a stay moved to another unit), so the
 * range is kept exactly when the change commits. The waitlist job matches it afterwards
 * (notify-waitlist.job.ts): nothing here reads availability or sends mail, so the booking's
 * transaction gains one insert and no lock. An empty range is nothing freed.
 */
export async function noteFreedNights(trx: Tx, range: { start: IsoDate; end: IsoDate }, by: FreedBy): Promise<void> {
  if (compareIsoDates(range.end, range.start) <= 0) return;
  await repo.insertFreedNights(trx, range, by);
}
