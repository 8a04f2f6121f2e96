import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { UnprocessableError, ValidationError } from '../../errors.js';
import { compareIsoDates, todayInLodge } from '../../../../shared/domain/dates.js';
import { depositPlan } from '../../../../shared/domain/deposits.js';
import { quotedNightAmounts, type StayQuote } from '../../../../shared/domain/pricing.js';
import type { Booking, BookingTarget, CreateBookingRequest } from '../../../../shared/contracts/bookings.js';
import { getSettings } from '../settings/settings.service.js';
import { recordLedgerEntries } from '../payments/ledger.service.js';
import { BOOKING_SERVICE_MESSAGES as M } from './booking-messages.js';
import { assertPartyFits, placeGuestTarget, requireBookingTarget } from './booking-target.js';
import { placeBooking } from './place-booking.js';
import { takePromoUse } from './promo-use.js';
import { discountEntries } from './booking-ledger.js';
import { enqueueReceivedEmail } from './booking-emails.js';
import type { GuestExtraChoice } from '../../../../shared/contracts/guest-extras.js';
import { hasGuestExtras, type QuoteWithExtras } from '../../../../shared/domain/guest-extras.js';
import { postGuestExtras } from '../folio/guest-extras.js';
import { guestCountOf, partyAndSpecialColumns } from './booking-party.js';
import type { PartyInput } from '../../../../shared/domain/party-pricing.js';
import * as repo from './bookings.repo.js';
import { assertHoldsBelowLimit, type HoldLimit } from './guest-limits.js';

export interface GuestDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  address?: string | null;
}

export interface GuestBookingInput {
  target: BookingTarget;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  /** Units of the type booked together (a group); default 1. */
  unitCount?: number;
  /** Who stays (adults, children's ages); absent = 2 adults. When given, numberOfGuests is its size. */
  party?: PartyInput;
  guest: GuestDetails;
  paymentMethod: 'Card' | 'EFT';
  promoCode?: string;
  /** Extras the guest adds: in the total, and posted to the folio with the booking. */
  extras?: readonly GuestExtraChoice[];
  /** Where the extras sit in the request ('extras' or 'bookingData.extras'), for a 400's field. */
  extrasField?: string;
  specialRequests?: string | null;
  /** The logged-in guest account booking, if any: linked to the guest record. */
  userId?: string | null;
  /** A guest's caller (guest-limits.ts): its unpaid holds are capped. Absent for staff. */
  holdLimit?: HoldLimit;
}

export interface GuestBookingOptions extends TxOptions {
  holdExpiresAt: Date;
  paystackReference?: string;
  /** Queue the "booking received" e-mail. Default: true for EFT, false for Card. */
  sendReceivedEmail?: boolean;
}

/**
 * A guest's booking (EFT from POST /api/bookings; Card from the payments feature), in one
 * transaction: the server's own price (the client's total is never read), the guest record,
 * the promo use, the booking on the requested unit or any free unit of its type (the
 * exclusion constraint decides, never a pre-check alone), discount ledger rows and the
 * "booking received" e-mail. Card bookings cost the card total.
 */
export async function createGuestBooking(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: GuestBookingInput,
  opts: GuestBookingOptions,
): Promise<{ booking: Booking; quote: StayQuote | QuoteWithExtras }> {
  const now = deps.clock.now();
  assertNotInPast(input.checkInDate, now);
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const settings = await getSettings(trx);
    if (input.paymentMethod === 'EFT' && !settings.allowEftPayments) throw new UnprocessableError(M.eftDisabled, 'eft_disabled');
    if (input.paymentMethod === 'Card' && !settings.allowCardPayments) throw new UnprocessableError(M.cardDisabled, 'card_disabled');

    if (input.holdLimit) await assertHoldsBelowLimit(trx, input.guest.email, input.holdLimit, now);
    const guests = guestCountOf(input.numberOfGuests, input.party);
    const placement = await placeGuestTarget(trx, now, { ...input, numberOfGuests: guests });
    const { type, quote } = placement;
    assertPartyFits(placement, guests);

    const guest = await repo.upsertGuest(trx, { ...input.guest, userId: input.userId ?? null });
    if (quote.promoCodeId) await takePromoUse(trx, quote.promoCodeId);

    const isCard = input.paymentMethod === 'Card';
    const totalCents = isCard ? quote.cardTotalCents : quote.totalCents;
    // What the card charges now, or what the EFT hold waits for; the rest by its due date.
    const plan = depositPlan(totalCents, input.checkInDate, todayInLodge(now), settings);
    const id = await placeBooking(trx, placement, {
      accommodation_type_id: type.id,
      guest_id: guest.id,
      guest_name: `${guest.firstName} ${guest.lastName}`,
      guest_email: guest.email,
      check_in_date: input.checkInDate,
      check_out_date: input.checkOutDate,
      number_of_guests: guests,
      status: 'Provisional',
      total_cents: totalCents,
      discount_cents: quote.promoDiscountCents + (isCard ? quote.cardDiscountCents : 0),
      payment_status: 'Pending',
      payment_method: input.paymentMethod,
      payment_verified: false,
      paystack_reference: opts.paystackReference ?? null,
      promo_code_id: quote.promoCodeId ?? null,
      special_requests: input.specialRequests ?? null,
      hold_expires_at: opts.holdExpiresAt,
      source: 'guest',
      created_by_user_id: null,
      hold_source: input.holdLimit?.source ?? null,
      deposit_cents: plan.dueNowCents,
      balance_due_date: plan.balanceDueDate,
      night_amounts: quotedNightAmounts(quote),
      ...partyAndSpecialColumns(quote, input.party),
    });

    await recordLedgerEntries(trx, discountEntries(id, quote, isCard, settings.cardPaymentDiscount));
    if (hasGuestExtras(quote)) await postGuestExtras(trx, id, input.checkInDate, quote.extras);
    const booking = (await repo.findBookingById(trx, id))!;
    if (opts.sendReceivedEmail ?? input.paymentMethod === 'EFT') {
      await enqueueReceivedEmail(trx, settings, booking, input.paymentMethod, opts.holdExpiresAt, deps.config);
    }
    return { booking, quote };
  });
}

/** POST /api/bookings for a guest: an EFT booking held for the settings' EFT hold. */
export async function createEftBooking(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: CreateBookingRequest,
  user: SessionUser | null,
  opts: TxOptions & { holdLimit?: HoldLimit } = {},
): Promise<Booking> {
  if (input.paymentMethod !== 'EFT') {
    throw new ValidationError(`paymentMethod: ${M.cardThroughPayments}`, 'validation_error', { paymentMethod: M.cardThroughPayments });
  }
  const target = requireBookingTarget(input);
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const settings = await getSettings(trx);
    if (!settings.allowEftPayments) throw new UnprocessableError(M.eftDisabled, 'eft_disabled');
    const holdExpiresAt = hoursFrom(deps.clock.now(), settings.eftHoldDurationHours);
    const { booking } = await createGuestBooking(
      deps,
      {
        target,
        checkInDate: input.checkInDate,
        checkOutDate: input.checkOutDate,
        numberOfGuests: input.numberOfGuests,
        unitCount: input.unitCount,
        party: { adults: input.adults, childAges: input.childAges },
        guest: input.guestData,
        paymentMethod: 'EFT',
        promoCode: input.promoCode,
        extras: input.extras,
        specialRequests: input.specialRequests,
        userId: user && !user.role ? user.id : null,
        holdLimit: opts.holdLimit,
      },
      { holdExpiresAt, trx },
    );
    return booking;
  });
}

export function assertNotInPast(checkInDate: string, now: Date): void {
  if (compareIsoDates(checkInDate, todayInLodge(now)) < 0) {
    throw new ValidationError(`checkInDate: ${M.pastCheckIn}`, 'validation_error', { checkInDate: M.pastCheckIn });
  }
}

export function hoursFrom(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}
