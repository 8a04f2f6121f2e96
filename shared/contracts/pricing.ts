import { z } from 'zod';
import { PartyFields } from './party.js';
import { centsToRand } from '../domain/money.js';
import type { NightPrice, StayQuote } from '../domain/pricing.js';
import { bandLabel } from '../domain/party-pricing.js';
import { IsoDateStrict, checkOutAfterCheckIn, isoDate, uuid } from './common.js';
import { BOOKING_MESSAGES, OptionalPromoCode, PaymentMethodSchema, guestCount, optionalUnitCount, ADMIN_GUESTS_MAX } from './bookings.js';
import { GuestExtrasField, PricedGuestExtra } from './guest-extras.js';
import { hasGuestExtras, type QuoteWithExtras } from '../domain/guest-extras.js';

export const PRICING_MESSAGES = {
  checkInRequired: 'Check-in date is required',
  checkOutRequired: 'Check-out date is required',
  accommodationTypeRequired: 'Accommodation type is required',
} as const;

/** POST /api/calculate-rate */
export const CalculateRateRequest = z
  .object({
    accommodationTypeId: uuid(PRICING_MESSAGES.accommodationTypeRequired),
    checkIn: isoDate(PRICING_MESSAGES.checkInRequired),
    checkOut: isoDate(PRICING_MESSAGES.checkOutRequired),
    promoCode: OptionalPromoCode,
    /** Only chooses amountDue; totalAmount (EFT) and cardTotal are always both sent. */
    paymentMethod: PaymentMethodSchema.optional(),
    /** Units of the type booked together (a group); absent = 1. */
    unitCount: optionalUnitCount(),
    /**
     * Extras the guest adds (priced for numberOfGuests people, default 2, and the stay's nights).
     * The party is bounded where the booking is made (by the units' capacity); here it only
     * prices per-person extras.
     */
    extras: GuestExtrasField,
    numberOfGuests: guestCount(ADMIN_GUESTS_MAX, BOOKING_MESSAGES.adminGuestsRange).optional(),
    /** Who stays (per person pricing); absent = 2 adults. */
    ...PartyFields,
  })
  .superRefine(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type CalculateRateRequest = z.output<typeof CalculateRateRequest>;
export type CalculateRateRequestInput = z.input<typeof CalculateRateRequest>;

/** One child's price for a night of a per person type. */
const ChildNight = z.object({
  age: z.number().int(),
  /** The band that priced the child, e.g. '6–11', or null when none covers the age (adult rate). */
  band: z.string().nullable(),
  percentOfAdult: z.number(),
  amount: z.number(),
});

/**
 * A night. rate is the unit's rate (per unit) or the adult rate (per person sharing); the
 * per person parts are present only for a per person sharing type. free marks a night a
 * special made free.
 */
const BreakdownNight = z.object({
  date: IsoDateStrict,
  kind: z.enum(['weekday', 'weekend']),
  rate: z.number(),
  adults: z.number().int().optional(),
  adultsAmount: z.number().optional(),
  children: z.array(ChildNight).optional(),
  singleSupplement: z.number().optional(),
  /** The night's price for the party (per person) or one unit (per unit). */
  amount: z.number().optional(),
  free: z.boolean().optional(),
});
export type BreakdownNight = z.infer<typeof BreakdownNight>;

/** The special that applied (at most one per booking). */
const AppliedSpecialDto = z.object({
  id: z.string(),
  name: z.string(),
  stayNights: z.number().int(),
  payNights: z.number().int(),
  freeNights: z.array(IsoDateStrict),
  discount: z.number(),
});

const RateBreakdown = z.object({
  nights: z.array(BreakdownNight),
  nightCount: z.number().int(),
  subtotal: z.number(),
  promoDiscount: z.number(),
  cardDiscount: z.number(),
  /** EFT (and cash) total: subtotal - promoDiscount. */
  totalAmount: z.number(),
  /** Card total: totalAmount - cardDiscount, whole rand. */
  cardTotal: z.number(),
  minimumStay: z.number().int(),
  /** A group's units (2 or more): nights are one unit's rates, subtotal and totals all units'. */
  unitCount: z.number().int().optional(),
  promoCode: z.string().optional(),
  /** Per person sharing only: the model, and the party priced. */
  pricingModel: z.literal('per_person_sharing').optional(),
  adults: z.number().int().optional(),
  childAges: z.array(z.number().int()).optional(),
  /** When a special applied: it, and its discount (subtotal - specialDiscount - promoDiscount = totalAmount before extras). */
  special: AppliedSpecialDto.optional(),
  specialDiscount: z.number().optional(),
  /** Only when the request chose extras: each priced, and their sum (in totalAmount). */
  extras: z.array(PricedGuestExtra).optional(),
  extrasTotal: z.number().optional(),
});

/** Money in rand. amountDue is cardTotal for Card, otherwise totalAmount. */
export const CalculateRateResponse = z.object({
  totalAmount: z.number(),
  cardTotal: z.number(),
  amountDue: z.number(),
  breakdown: RateBreakdown,
});
export type CalculateRateResponse = z.infer<typeof CalculateRateResponse>;

/** A domain quote (cents) as the /api/calculate-rate answer (rand). */
export function toCalculateRateResponse(quote: StayQuote | QuoteWithExtras, paymentMethod?: 'Card' | 'EFT' | 'Cash'): CalculateRateResponse {
  const totalAmount = centsToRand(quote.totalCents);
  const cardTotal = centsToRand(quote.cardTotalCents);
  return {
    totalAmount,
    cardTotal,
    amountDue: paymentMethod === 'Card' ? cardTotal : totalAmount,
    breakdown: {
      nights: quote.nights.map(breakdownNight),
      nightCount: quote.nightCount,
      subtotal: centsToRand(quote.subtotalCents),
      promoDiscount: centsToRand(quote.promoDiscountCents),
      cardDiscount: centsToRand(quote.cardDiscountCents),
      totalAmount,
      cardTotal,
      minimumStay: quote.minimumStay,
      ...(quote.unitCount !== undefined ? { unitCount: quote.unitCount } : {}),
      ...(quote.promoCode !== undefined ? { promoCode: quote.promoCode } : {}),
      ...(quote.pricingModel && quote.party
        ? { pricingModel: quote.pricingModel, adults: quote.party.adults, childAges: [...quote.party.childAges] }
        : {}),
      ...(quote.special
        ? {
            special: {
              id: quote.special.id,
              name: quote.special.name,
              stayNights: quote.special.stayNights,
              payNights: quote.special.payNights,
              freeNights: quote.special.freeNights,
              discount: centsToRand(quote.special.discountCents),
            },
            specialDiscount: centsToRand(quote.specialDiscountCents ?? quote.special.discountCents),
          }
        : {}),
      ...(hasGuestExtras(quote) ? extrasBreakdown(quote) : {}),
    },
  };
}

/** A night of the breakdown: the per person parts and the free mark only where they apply. */
function breakdownNight(night: NightPrice): BreakdownNight {
  const base = { date: night.date, kind: night.kind, rate: centsToRand(night.rateCents) };
  const party = night.party;
  return {
    ...base,
    ...(party
      ? {
          adults: party.adults,
          adultsAmount: centsToRand(party.adultsAmountCents),
          children: party.children.map((c) => ({
            age: c.age,
            band: c.band ? bandLabel(c.band) : null,
            percentOfAdult: c.percentOfAdult,
            amount: centsToRand(c.amountCents),
          })),
          singleSupplement: centsToRand(party.singleSupplementCents),
          amount: centsToRand(night.amountCents ?? 0),
        }
      : {}),
    ...(night.free ? { free: true } : {}),
  };
}

/** breakdown.extras and breakdown.extrasTotal of a quote that has extras. */
function extrasBreakdown(quote: QuoteWithExtras): { extras: PricedGuestExtra[]; extrasTotal: number } {
  return {
    extras: quote.extras.map((e) => ({
      extraId: e.extraId,
      name: e.name,
      pricing: e.pricing,
      quantity: e.quantity,
      adults: e.adults,
      children: e.children,
      nights: e.nights,
      unitPrice: centsToRand(e.unitPriceCents),
      childUnitPrice: centsToRand(e.childUnitPriceCents),
      amount: centsToRand(e.amountCents),
    })),
    extrasTotal: centsToRand(quote.extrasTotalCents),
  };
}
