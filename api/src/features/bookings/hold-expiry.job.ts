import type { Deps } from '../../deps.js';
import type { Job } from '../../jobs/job-runner.js';
import { runExclusive } from '../../jobs/advisory-lock.js';
import { enqueueEmail } from '../email/email.service.js';
import { holdExpired } from '../email/email.templates.js';
import { recordAudit } from '../audit/audit.repo.js';
import { randToCents } from '../../../../shared/domain/money.js';
import * as repo from './bookings.repo.js';
import { lodgeDetailsOf } from './bookings.service.js';

export const HOLD_EXPIRED_REASON = {
  EFT: 'Payment not received before the hold expired',
  Card: 'Card payment not completed before the hold expired',
  Cash: 'Payment not received before the hold expired',
} as const;

/**
 * Cancels Provisional, unpaid bookings whose hold has run out (an entire-lodge parent with
 * its children), tells each guest by e-mail and writes the audit row, all in one
 * transaction per run. Safe with several API instances: one advisory lock per run, and the
 * rows are claimed with SKIP LOCKED so a payment confirming a booking right now is passed over.
 */
export async function expireHolds(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  opts: { limit?: number } = {},
): Promise<{ expired: number }> {
  const now = deps.clock.now();
  const result = await runExclusive(deps.db, 'hold-expiry', async (trx) => {
    const rows = await repo.claimExpiredHolds(trx, now, opts.limit ?? 100);
    if (rows.length === 0) return 0;
    const settings = await repo.getBookingSettings(trx);
    let expired = 0;
    for (const row of rows) {
      const reason = HOLD_EXPIRED_REASON[row.payment_method];
      const patch = { status: 'Cancelled', cancelled_at: now, cancellation_reason: reason };
      if ((await repo.updateBookingRow(trx, row.id, row.version, patch)) === 0) continue;
      if (row.unit_id === null) await repo.updateChildren(trx, row.id, patch);
      const rendered = holdExpired({
        lodge: lodgeDetailsOf(settings),
        booking: {
          reference: row.reference,
          guestName: row.guest_name,
          accommodationName: row.accommodation_type_name ?? row.unit_name ?? 'Your accommodation',
          checkInDate: row.check_in_date,
          checkOutDate: row.check_out_date,
          numberOfGuests: row.number_of_guests,
          totalCents: randToCents(row.total_amount),
        },
        method: row.payment_method,
      });
      await enqueueEmail(trx, { to: row.guest_email, ...rendered, bookingId: row.id, dedupeKey: `hold-expired:${row.id}` });
      await recordAudit(trx, {
        actor: null,
        action: 'booking.hold_expired',
        entityType: 'booking',
        entityId: row.id,
        before: { status: row.status, holdExpiresAt: row.hold_expires_at },
        after: { status: 'Cancelled' },
        note: reason,
      });
      expired++;
    }
    return expired;
  });
  const expired = result.ran ? result.value : 0;
  if (expired > 0) deps.log.info({ expired }, 'expired unpaid booking holds');
  return { expired };
}

export function holdExpiryJob(deps: Deps): Job {
  return { name: 'hold-expiry', intervalMs: deps.config.JOB_INTERVAL_MS, run: () => expireHolds(deps) };
}
