import type { Deps } from '../../deps.js';
import type { PaystackTransaction } from '../../adapters/paystack.js';
import { getSettings } from '../settings/settings.service.js';
import { expiredCardHoldReferences } from '../bookings/queries.js';
import { recordCardPayment } from './record-card-payment.js';

/**
 * Before an unpaid card hold is let go, asks Paystack whether the guest paid after all: the
 * money may have been taken while nothing here heard of it (the process stopped during
 * verify, the guest closed the tab, the webhook not yet delivered). A success is recorded
 * exactly as verify and the webhook record it (recordCardPayment: once, whoever is first);
 * anything else, or Paystack not answering, leaves the hold to expire as usual. Runs in the
 * hold-expiry job, just before holds are expired.
 */
export async function reconcileCardHolds(deps: Deps): Promise<{ checked: number; confirmed: number }> {
  const references = await expiredCardHoldReferences(deps.db, deps.clock.now());
  if (references.length === 0) return { checked: 0, confirmed: 0 };
  const secretKey = (await getSettings(deps.db)).paystackSecretKey;
  if (!secretKey) return { checked: 0, confirmed: 0 };
  const paystack = deps.paystack(secretKey);
  let confirmed = 0;
  for (const reference of references) {
    let tx: PaystackTransaction | null;
    try {
      tx = await paystack.verify(reference);
    } catch (err) {
      deps.log.warn({ err, reference }, 'Paystack verify failed during reconciliation; the hold expires as usual');
      continue;
    }
    if (!tx || tx.status !== 'success') continue;
    const outcome = await recordCardPayment(deps, tx, 'reconcile');
    if (outcome.kind === 'confirmed') confirmed++;
  }
  if (confirmed > 0) deps.log.info({ confirmed }, 'card payments found by reconciliation');
  return { checked: references.length, confirmed };
}
