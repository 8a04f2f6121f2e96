import type { Deps } from '../../deps.js';
import type { SessionUser } from '../auth/session-user.js';
import { ServiceUnavailableError, UpstreamError, ValidationError, unknownId } from '../../errors.js';
import { PaystackError } from '../../adapters/paystack.js';
import type { PaymentHistoryResponse, RefundRequest, RefundResponse } from '../../../../shared/contracts/payments.js';
import type { PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { formatRand } from '../../../../shared/format.js';
import {
  checkRefundAmount,
  paymentStatusAfterRefund,
  REFUND_MESSAGES,
  summariseLedger,
  type LedgerSummary,
} from '../../../../shared/domain/payment-ledger.js';
import { recordAudit } from '../audit/record-audit.js';
import { creditRefund } from '../invoices/invoices.service.js';
import { refundIssued, type LodgeDetails, type PaymentMethodForEmail } from '../email/email.templates.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import type { Tx } from '../../db/transaction.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { bookingForEmail, enqueueGuestEmail } from '../bookings/booking-emails.js';
import { getBooking, lockBooking } from '../bookings/queries.js';
import { setBookingPaymentStatus } from '../bookings/record-payment.js';
import { recordLedgerEntry } from './ledger.service.js';
import { PAYMENT_ERRORS } from './payment-messages.js';
import { ledgerStatusOfRefund, recomputePaymentStatus } from './apply-refund-event.js';
import * as repo from './payments.repo.js';

export const REFUND_PROCESSED_MESSAGE = 'Refund processed';

/**
 * Payment statuses that may have money to give back (docs/product.md, Payments and
 * refunds); the ledger then says how much.
 */
const REFUNDABLE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Paid', 'Deposit Paid', 'Partially Refunded'];

export type RefundResult = RefundResponse;

/** How money paid by hand goes back: eft, cash, card (a card machine: 'card-manual' payments). */
type ManualSubtype = string;

/** One card charge's share of a refund: its reserved ledger row and the Paystack transaction it names. */
interface CardShare {
  entry: repo.LedgerRecord;
  transactionReference: string;
}

interface Reservation {
  booking: Booking;
  paymentStatus: PaymentStatus;
  isFullRefund: boolean;
  /** Newest charge first; empty when nothing goes back through Paystack. */
  card: CardShare[];
  /** The rest, paid out by hand (or owed, when the lodge's own rules refund). */
  manual: repo.LedgerRecord | null;
  secretKey: string | null;
}

/**
 * POST /api/admin/payments/refund. Never more than was paid less earlier refunds (pending ones
 * count: money promised back must not be promised twice). Paystack refuses a refund larger than
 * the transaction it names, and a booking may have several card charges (a deposit, then the
 * balance): the card part is spread over them newest first, each up to what is still refundable
 * on it, one ledger row and one Paystack refund per charge. What the card charges cannot take
 * (money that came by EFT or cash) goes back by hand. The rows are first reserved under the
 * booking's lock, so two staff members refunding at once cannot both pass the check; only then
 * is Paystack asked, outside the database transaction. The actor is null when the lodge's own
 * rules refund (a guest cancelling from their link): the audit then names the system, and money
 * to go back by hand is recorded as owed, since nobody has paid it out yet.
 */
export async function refundBooking(deps: Deps, actor: SessionUser | null, input: RefundRequest): Promise<RefundResult> {
  const requestedCents = input.amount === undefined ? undefined : randToCents(input.amount);
  const settings = await getSettings(deps.db);
  const secretKey = settings.paystackSecretKey;
  const lodge = lodgeDetailsOf(settings);

  const reserved = await deps.db.transaction(async (trx): Promise<Reservation> => {
    const booking = await lockBooking(trx, input.bookingId);
    if (!booking) throw unknownId('bookingId', 'Booking not found');
    const ledger = await repo.listLedger(trx, booking.id);
    const summary = summariseLedger(ledger);

    if (!REFUNDABLE_PAYMENT_STATUSES.includes(booking.paymentStatus)) {
      const message = booking.paymentStatus === 'Refunded' ? REFUND_MESSAGES.fullyRefunded : REFUND_MESSAGES.nothingPaid;
      throw refusal(message);
    }
    const check = checkRefundAmount(summary, requestedCents);
    if (!check.ok) throw refusal(check.message);

    const plan = planRefund(ledger, check.amountCents);
    if (plan.card.length > 0 && !secretKey) {
      throw new ServiceUnavailableError(PAYMENT_ERRORS.notConfigured, 'payment_not_configured');
    }
    const kind = check.isFullRefund ? 'Full refund' : 'Partial refund';
    const owed = actor === null;

    const card: CardShare[] = [];
    for (const share of plan.card) {
      const entry = (await recordLedgerEntry(trx, {
        bookingId: booking.id,
        type: 'refund',
        subtype: 'card',
        status: 'pending',
        amountCents: -share.amountCents,
        description: `${kind} via Paystack`,
        reason: input.reason,
        createdByUserId: actor?.id ?? null,
        providerData: { transactionReference: share.transactionReference },
      }))!;
      card.push({ entry, transactionReference: share.transactionReference });
    }
    const manualSubtype: ManualSubtype = plan.manualSubtype ?? manualSubtypeOf(booking.paymentMethod);
    const manual =
      plan.manualCents > 0
        ? (await recordLedgerEntry(trx, {
            bookingId: booking.id,
            type: 'refund',
            subtype: owed ? repo.EFT_OWED_SUBTYPE : manualSubtype,
            status: owed ? 'pending' : 'success',
            amountCents: -plan.manualCents,
            description: owed ? MANUAL_REFUND_OWED_DESCRIPTION : `${kind} (${manualLabel(manualSubtype)}, paid out by hand)`,
            reason: input.reason,
            createdByUserId: actor?.id ?? null,
          }))!
        : null;

    const paymentStatus = paymentStatusAfterRefund(summary.totalPaidCents, summary.totalRefundedCents + check.amountCents);
    await setBookingPaymentStatus(deps, booking.id, paymentStatus, { trx });
    const entries = [...card.map((c) => c.entry), ...(manual ? [manual] : [])];
    await recordAudit(trx, {
      actor,
      action: 'payment.refund',
      entityType: 'booking',
      entityId: booking.id,
      before: { paymentStatus: booking.paymentStatus },
      after: {
        paymentStatus,
        refundId: entries[0]!.id,
        ...(entries.length > 1 ? { refundIds: entries.map((e) => e.id) } : {}),
        amountCents: check.amountCents,
        subtype: entries[0]!.subtype,
      },
      note: input.reason ?? undefined,
    });
    if (manual && !owed) {
      // Only a refund that is all by hand is a full one in the guest's e-mail; a card part says its own.
      await queueRefundEmail(trx, lodge, booking, manual, -manual.amountCents, check.isFullRefund && card.length === 0, methodForEmail(manualSubtype));
      // Money given back after invoicing is a credit note (a Paystack refund's comes once
      // Paystack has taken it, below).
      await creditRefund(trx, actor, booking.id, plan.manualCents, input.reason, deps.clock.now());
    }
    return { booking, paymentStatus, isFullRefund: check.isFullRefund, card, manual, secretKey };
  });

  if (reserved.card.length === 0) return result(deps, reserved.booking.id, [reserved.manual!], reserved.paymentStatus);
  return sendToPaystack(deps, actor, lodge, reserved, input.reason);
}

/** What a guest who cancelled is owed, when the rest of the refund cannot go back to a card. */
const MANUAL_REFUND_OWED_DESCRIPTION = 'EFT refund owed to the guest';

interface RefundPlan {
  card: { transactionReference: string; amountCents: number }[];
  manualCents: number;
  /** How the newest payment not made through Paystack came in; null when there is none. */
  manualSubtype: ManualSubtype | null;
}

/**
 * How a refund of `amountCents` goes back: over the successful Paystack charges, newest first,
 * each up to its amount less the refunds (not failed) already naming it, and the rest by hand.
 */
function planRefund(ledger: readonly repo.LedgerRecord[], amountCents: number): RefundPlan {
  const refundedOn = new Map<string, number>();
  for (const e of ledger) {
    if (e.type !== 'refund' || e.status === 'failed') continue;
    const reference = transactionReferenceOf(e.providerData);
    if (reference) refundedOn.set(reference, (refundedOn.get(reference) ?? 0) + Math.abs(e.amountCents));
  }
  const newestFirst = ledger.filter((e) => e.type === 'payment' && e.status === 'success').reverse();
  const card: RefundPlan['card'] = [];
  let rest = amountCents;
  for (const payment of newestFirst) {
    if (rest <= 0) break;
    if (!isPaystackCharge(payment)) continue;
    const left = payment.amountCents - (refundedOn.get(payment.gatewayReference!) ?? 0);
    const take = Math.min(rest, left);
    if (take <= 0) continue;
    card.push({ transactionReference: payment.gatewayReference!, amountCents: take });
    rest -= take;
  }
  const byHand = newestFirst.find((e) => !isPaystackCharge(e));
  return { card, manualCents: rest, manualSubtype: byHand?.subtype ?? null };
}

function isPaystackCharge(payment: repo.LedgerRecord): boolean {
  return payment.subtype === 'card' && !!payment.gatewayReference;
}

function transactionReferenceOf(providerData: unknown): string | null {
  if (typeof providerData !== 'object' || providerData === null) return null;
  const reference = (providerData as { transactionReference?: unknown }).transactionReference;
  return typeof reference === 'string' ? reference : null;
}

/**
 * Asks Paystack for each card share in turn. A share Paystack refuses is failed and one it
 * does not confirm needs attention; the shares after it are not asked for (failed: they no
 * longer count), so staff settle one unclear refund rather than several. The guest gets one
 * e-mail for what Paystack took.
 */
async function sendToPaystack(
  deps: Deps,
  actor: SessionUser | null,
  lodge: LodgeDetails,
  reserved: Reservation,
  reason: string | null,
): Promise<RefundResult> {
  const { booking, card } = reserved;
  const client = deps.paystack(reserved.secretKey!);
  const done: repo.LedgerRecord[] = [];
  let acceptedCents = 0;
  for (const [i, share] of card.entries()) {
    const { entry, transactionReference } = share;
    const amountCents = -entry.amountCents;
    try {
      const refund = await client.refund({
        transaction: transactionReference,
        amountCents,
        currency: 'ZAR',
        ...(reason ? { merchantNote: reason } : {}),
      });
      const updated = await deps.db.transaction(async (trx) => {
        const current = (await repo.findRefundEntryById(trx, entry.id, { forUpdate: true }))!;
        // A refund webhook may have come first and moved the row on already.
        const status = current.status === 'pending' ? (ledgerStatusOfRefund(refund.status) ?? 'pending') : current.status;
        const row = await repo.updateLedgerEntry(trx, entry.id, {
          status,
          gatewayReference: String(refund.id),
          providerData: { transactionReference, refundId: refund.id, status: refund.status },
        });
        if (status !== 'failed') await creditRefund(trx, actor, booking.id, amountCents, reason, deps.clock.now());
        return row;
      });
      done.push(updated);
      if (updated.status !== 'failed') acceptedCents += amountCents;
    } catch (err) {
      if (!(err instanceof PaystackError)) throw err;
      // A timeout or a garbled answer leaves it unknown whether Paystack took the refund: keep
      // the money counted as refunded (no second refund) until someone checks the dashboard.
      const unknown = err.failure === 'paystack_timeout' || err.failure === 'paystack_bad_response';
      const notAsked = card.slice(i + 1).map((s) => s.entry.id);
      await deps.db.transaction(async (trx) => {
        await lockBooking(trx, booking.id);
        await repo.updateLedgerEntry(trx, entry.id, { status: unknown ? 'needs-attention' : 'failed' });
        for (const id of notAsked) await repo.updateLedgerEntry(trx, id, { status: 'failed' });
        const paymentStatus = await recomputePaymentStatus(deps, trx, booking.id);
        await recordAudit(trx, {
          actor,
          action: unknown ? 'payment.refund_unconfirmed' : 'payment.refund_failed',
          entityType: 'booking',
          entityId: booking.id,
          after: { refundId: entry.id, ...(notAsked.length > 0 ? { notAsked } : {}), paymentStatus },
          note: `Paystack: ${err.message}`,
        });
        if (acceptedCents > 0) await queueRefundEmail(trx, lodge, booking, card[0]!.entry, acceptedCents, false, 'Card');
      });
      deps.log.warn({ err, bookingId: booking.id, refundId: entry.id }, 'Paystack refund failed');
      const tookSome = acceptedCents > 0 ? ` ${formatRand(centsToRand(acceptedCents))} of it did go back to the card; the payment history shows each charge.` : '';
      throw new UpstreamError(
        unknown
          ? `Paystack did not confirm the refund. Check the Paystack dashboard before trying again.${tookSome}`
          : `Refund failed: ${err.message}${tookSome ? `.${tookSome}` : ''}`,
        unknown ? 'refund_unconfirmed' : 'refund_failed',
      );
    }
  }
  if (acceptedCents > 0) {
    await deps.db.transaction((trx) =>
      queueRefundEmail(trx, lodge, booking, card[0]!.entry, acceptedCents, reserved.isFullRefund && !reserved.manual && acceptedCents === cardTotal(card), 'Card'),
    );
  }
  return result(deps, booking.id, [...done, ...(reserved.manual ? [reserved.manual] : [])], reserved.paymentStatus);
}

function cardTotal(card: readonly CardShare[]): number {
  return card.reduce((sum, s) => sum - s.entry.amountCents, 0);
}

function refusal(message: string): ValidationError {
  return new ValidationError(message, 'refund_refused', { amount: message });
}

function manualLabel(subtype: string): string {
  return subtype === 'eft' ? 'EFT' : subtype === 'cash' ? 'cash' : 'card';
}

function manualSubtypeOf(method: Booking['paymentMethod']): ManualSubtype {
  return method === 'Cash' ? 'cash' : method === 'EFT' ? 'eft' : 'card';
}

function methodForEmail(subtype: ManualSubtype): PaymentMethodForEmail {
  return subtype === 'cash' ? 'Cash' : subtype === 'eft' ? 'EFT' : 'Card';
}

async function queueRefundEmail(
  trx: Tx,
  lodge: LodgeDetails,
  booking: Booking,
  entry: repo.LedgerRecord,
  amountCents: number,
  full: boolean,
  method: PaymentMethodForEmail,
): Promise<void> {
  await enqueueGuestEmail(trx, booking, {
    ...refundIssued({ lodge, booking: bookingForEmail(booking), amountCents, full, method }),
    dedupeKey: `refund-issued:${entry.id}`,
  });
}

/** The answer names one ledger row: the largest of the refund's rows (the history shows them all). */
async function result(deps: Deps, bookingId: string, entries: readonly repo.LedgerRecord[], paymentStatus: PaymentStatus): Promise<RefundResult> {
  const largest = entries.reduce((a, b) => (Math.abs(b.amountCents) > Math.abs(a.amountCents) ? b : a));
  const summary = summariseLedger(await repo.listLedger(deps.db, bookingId));
  return { message: REFUND_PROCESSED_MESSAGE, refund: repo.toPaymentTransaction(largest), paymentStatus, summary: summaryInRand(summary) };
}

function summaryInRand(s: LedgerSummary): PaymentHistoryResponse['summary'] {
  return {
    totalPaid: centsToRand(s.totalPaidCents),
    totalRefunded: centsToRand(s.totalRefundedCents),
    totalDiscounts: centsToRand(s.totalDiscountsCents),
    netAmount: centsToRand(s.netAmountCents),
  };
}

/** GET /api/admin/payments/history?bookingId=: the ledger, oldest first, and its sums. */
export async function paymentHistory(deps: Deps, bookingId: string): Promise<PaymentHistoryResponse> {
  const booking = await getBooking(deps.db, bookingId);
  if (!booking) throw unknownId('bookingId', 'Booking not found');
  const ledger = await repo.listLedger(deps.db, bookingId);
  return { summary: summaryInRand(summariseLedger(ledger)), transactions: ledger.map(repo.toPaymentTransaction) };
}
