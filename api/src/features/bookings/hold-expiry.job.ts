import type { Deps } from '../../deps.js';
import { runExclusive } from '../../db/advisory-lock.js';
import { recordAudit } from '../audit/record-audit.js';
import { getSettings } from '../settings/settings.service.js';
import { cancelUnpaidBooking } from './cancel-unpaid-booking.js';
import { enqueueHoldExpiredEmail } from './booking-emails.js';
import * as repo from './bookings.repo.js';

export const HOLD_EXPIRED_REASON = {
  EFT: 'Payment not received before the hold expired',
  Card: 'Card payment not completed before the hold expired',
  Cash: 'Payment not received before the hold expired',
} as const;

/**
 * Cancels Provisional, unpaid bookings whose hold has run out (an entire-lodge parent with
 * its children, the promo use given back), tells each guest by e-mail and writes the audit
 * row, all in one transaction per run. Safe with several API instances: one advisory lock
 * per run, and the rows are claimed with SKIP LOCKED so a payment confirming a booking right
 * now is passed over.
 */
export async function expireHolds(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  opts: { limit?: number } = {},
): Promise<{ expired: number }> {
  const now = deps.clock.now();
  const result = await runExclusive(deps.db, 'hold-expiry', async (trx) => {
    const rows = await repo.claimExpiredHolds(trx, now, opts.limit ?? 100);
    if (rows.length === 0) return 0;
    const settings = await getSettings(trx);
    let expired = 0;
    for (const row of rows) {
      const reason = HOLD_EXPIRED_REASON[row.payment_method];
      if (!(await cancelUnpaidBooking(deps, row.id, { reason, trx }))) continue;
      await enqueueHoldExpiredEmail(trx, settings, (await repo.findBookingById(trx, row.id))!);
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
