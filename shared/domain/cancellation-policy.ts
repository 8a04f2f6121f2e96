import { compareIsoDates, daysBetween, type IsoDate } from './dates.js';
import { percentOfCents } from './money.js';

/**
 * The lodge's cancellation policy: tiers of `{ daysBeforeArrival, refundPercent }`. A guest
 * cancelling d days before check-in gets the refund of the tier with the largest
 * daysBeforeArrival that d reaches (d >= daysBeforeArrival); below every tier, nothing. The
 * percent is of the money paid (net of earlier refunds), rounded half up to the cent: a guest
 * who paid a deposit gets that share of the deposit back.
 */

export interface CancellationTier {
  daysBeforeArrival: number;
  refundPercent: number;
}

export const DEFAULT_CANCELLATION_POLICY: readonly CancellationTier[] = [
  { daysBeforeArrival: 30, refundPercent: 100 },
  { daysBeforeArrival: 14, refundPercent: 50 },
  { daysBeforeArrival: 0, refundPercent: 0 },
];

/** The tiers, most days first (the order they are shown and tried in). */
export function sortedPolicy(policy: readonly CancellationTier[]): CancellationTier[] {
  return [...policy].sort((a, b) => b.daysBeforeArrival - a.daysBeforeArrival);
}

export interface CancellationRefund {
  /** Whole days from today to check-in (negative once the arrival date has passed). */
  daysBeforeArrival: number;
  refundPercent: number;
  refundCents: number;
  /** The tier applied; null when none (cancelling later than every tier). */
  tier: CancellationTier | null;
}

export function cancellationRefund(
  policy: readonly CancellationTier[],
  checkInDate: IsoDate,
  today: IsoDate,
  paidCents: number,
): CancellationRefund {
  const days = daysBetween(today, checkInDate);
  const tier = sortedPolicy(policy).find((t) => days >= t.daysBeforeArrival) ?? null;
  const refundPercent = tier?.refundPercent ?? 0;
  return { daysBeforeArrival: days, refundPercent, refundCents: percentOfCents(Math.max(0, paidCents), refundPercent), tier };
}

/** A stay the guest may still cancel themselves: not begun, not past. */
export function arrivalNotPassed(checkInDate: IsoDate, today: IsoDate): boolean {
  return compareIsoDates(today, checkInDate) <= 0;
}

/**
 * The policy in plain words, one sentence a tier, most days first, e.g.
 * "Cancel 30 or more days before arrival: 100% of what you have paid is refunded."
 */
export function describeCancellationPolicy(policy: readonly CancellationTier[]): string[] {
  const tiers = sortedPolicy(policy);
  const lines = tiers.map((t, i) => {
    const when =
      t.daysBeforeArrival === 0
        ? i === 0
          ? 'Cancel any time before arrival'
          : `Cancel fewer than ${tiers[i - 1].daysBeforeArrival} days before arrival`
        : i === 0
          ? `Cancel ${t.daysBeforeArrival} or more days before arrival`
          : `Cancel ${t.daysBeforeArrival} to ${tiers[i - 1].daysBeforeArrival - 1} days before arrival`;
    const what =
      t.refundPercent === 100
        ? 'everything you have paid is refunded'
        : t.refundPercent === 0
          ? 'no refund'
          : `${t.refundPercent}% of what you have paid is refunded`;
    return `${when}: ${what}.`;
  });
  const last = tiers.at(-1);
  if (last && last.daysBeforeArrival > 0) lines.push(`Cancel fewer than ${last.daysBeforeArrival} days before arrival: no refund.`);
  return lines;
}
