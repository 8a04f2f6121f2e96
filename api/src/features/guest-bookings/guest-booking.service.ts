import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { GUEST_BOOKING_MESSAGES, type GuestBookingResponse } from '../../../../shared/contracts/guest-bookings.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { balanceDueCents } from '../../../../shared/domain/deposits.js';
import { arrivalNotPassed, cancellationRefund, describeCancellationPolicy, type CancellationTier } from '../../../../shared/domain/cancellation-policy.js';
import type { BookingStatus } from '../../../../shared/domain/booking-status.js';
import type { IsoDate } from '../../../../shared/domain/dates.js';
import { bankingDetailsOf, cachedSettings, cardPaymentsOffered } from '../settings/settings.service.js';
import { sameTokenHash, tokenHashOf } from './guest-links.js';
import * as repo from './guest-bookings.repo.js';
import { coalescedBatch, perOwner } from '../../db/coalesced-reads.js';

export function guestLinkNotFound(): NotFoundError {
  return new NotFoundError(GUEST_BOOKING_MESSAGES.notFound, 'not_found');
}

/**
 * The guest bookings asked for together, read in one statement: a booking confirmation sent
 * to a group, or the page and its API call, arrive in bursts, and a round trip per link was
 * most of the page's cost under load. Each caller still gets a read that started after it
 * asked (coalescedBatch), so a payment or cancellation committed before is seen; nothing is
 * kept. Per deps, whose clock says which links are live.
 */
const sharedGuestBookingReads = perOwner((deps: Pick<Deps, 'db' | 'clock'>) =>
  coalescedBatch((hashes: string[]) => repo.findGuestBookingsByTokenHashes(deps.db, hashes, deps.clock.now())),
);

/**
 * GET /api/guest/bookings/:token: what the guest's page shows, field by field (never the
 * guest's contact details or staff notes: whoever holds the link sees this). One statement,
 * the settings from the process's short cache.
 */
export async function getGuestBooking(deps: Pick<Deps, 'db' | 'config' | 'clock'>, token: string): Promise<GuestBookingResponse> {
  const hash = tokenHashOf(token);
  if (!hash) throw guestLinkNotFound();
  const now = deps.clock.now();
  const [row, settings] = await Promise.all([sharedGuestBookingReads(deps)(hash), cachedSettings(deps)]);
  if (!row || !sameTokenHash(row.tokenHash, hash)) throw guestLinkNotFound();

  const totalCents = randToCents(row.totalAmount);
  const paidCents = randToCents(row.amountPaid);
  const balance = row.isEntireLodgeChild ? 0 : balanceDueCents(totalCents, paidCents, row.status === 'Cancelled');
  const bank = bankingDetailsOf(settings);
  return {
    reference: row.reference,
    status: row.status,
    checkInDate: row.checkInDate,
    checkOutDate: row.checkOutDate,
    accommodationName: row.accommodationName,
    unitName: row.unitName,
    numberOfGuests: row.numberOfGuests,
    guestName: row.guestName,
    totalAmount: centsToRand(totalCents),
    amountPaid: centsToRand(paidCents),
    balanceDue: centsToRand(balance),
    balanceDueDate: balance > 0 ? row.balanceDueDate : null,
    paymentMethod: row.paymentMethod,
    cancellation: guestCancellation(settings.cancellationPolicy, row, todayInLodge(now), paidCents),
    payments: row.ledger.map((e) => ({
      date: new Date(e.createdAt).toISOString(),
      // Refunds are signed negative in the ledger; the page shows how much and which way.
      amount: Math.abs(centsToRand(randToCents(e.amount))),
      method: methodWords(e.subtype, e.type, e.status),
      kind: e.type,
    })),
    folio: row.folio.map((f) => ({ description: f.description, amount: centsToRand(randToCents(f.amount)) })),
    cardPaymentsAvailable: cardPaymentsOffered(settings),
    bank: bank.bankName || bank.accountHolder || bank.accountNumber || bank.branchCode ? bank : null,
  };
}

/** Whether the guest may cancel today, and what the policy gives back if they do. */
export function guestCancellation(
  policy: readonly CancellationTier[],
  booking: { status: BookingStatus; checkInDate: IsoDate },
  today: IsoDate,
  paidCents: number,
): GuestBookingResponse['cancellation'] {
  const lines = describeCancellationPolicy(policy);
  const allowed = cancelRefusal(booking, today) === null;
  if (!allowed) return { allowed, refundPercent: 0, refundAmount: 0, policy: lines };
  const refund = cancellationRefund(policy, booking.checkInDate, today, paidCents);
  return { allowed, refundPercent: refund.refundPercent, refundAmount: centsToRand(refund.refundCents), policy: lines };
}

/** Why the guest may not cancel this booking themselves, or null when they may. */
export function cancelRefusal(booking: { status: BookingStatus; checkInDate: IsoDate }, today: IsoDate): string | null {
  if (booking.status === 'Cancelled') return GUEST_BOOKING_MESSAGES.alreadyCancelled;
  if (booking.status === 'Checked-In') return GUEST_BOOKING_MESSAGES.cannotCancelStarted;
  if (booking.status === 'Checked-Out' || !arrivalNotPassed(booking.checkInDate, today)) return GUEST_BOOKING_MESSAGES.cannotCancelPast;
  return null;
}

function methodWords(subtype: string, type: 'payment' | 'refund', status: string): string {
  const base = subtype === 'card' ? 'Card' : subtype === 'eft' || subtype === 'eft-owed' ? 'EFT' : subtype === 'cash' ? 'Cash' : 'Card at the lodge';
  if (type === 'refund' && status === 'pending') return subtype === 'eft-owed' ? 'EFT refund the lodge will pay you' : `${base} refund under way`;
  return type === 'refund' ? `${base} refund` : base;
}
