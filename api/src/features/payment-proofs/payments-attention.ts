import type { Deps } from '../../deps.js';
import type { PaymentsAttentionResponse } from '../../../../shared/contracts/desk-money.js';
import { overdueBalances } from '../bookings/queries.js';
import { eftRefundsOwed } from '../payments/eft-refunds.js';
import { proofsToCheck } from './payment-proofs.service.js';

/**
 * What the dashboard shows staff about money: balances overdue, proofs of EFT to check and
 * EFT refunds owed. Each list is read by the feature that owns its rows.
 */
export async function paymentsAttention(deps: Pick<Deps, 'db' | 'clock'>): Promise<PaymentsAttentionResponse> {
  const [overdue, proofs, refunds] = await Promise.all([overdueBalances(deps), proofsToCheck(deps.db), eftRefundsOwed(deps.db)]);
  return { overdueBalances: overdue, proofsToCheck: proofs, eftRefundsOwed: refunds };
}
