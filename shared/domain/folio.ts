import { centsToRand, divideRoundHalfUp, percentOfCents, randToCents, sumCents } from './money.js';
import { nightCount } from './dates.js';
import { summariseLedger, type LedgerEntryStatus, type LedgerSummary } from './payment-ledger.js';
import { vatInInclusiveCents, vatOnExclusiveCents, vatPercentOn } from './vat.js';

/**
 * The folio: everything a booking owes (the stay, extras posted during it, discounts, the
 * tourism levy) against what was paid. The API's folio and the PWA's offline folio both
 * come to their totals through these functions, so the desk shows the same balance with the
 * network off as the server will.
 */

export const EXTRA_PRICINGS = ['per_item', 'per_person', 'per_night', 'per_person_per_night'] as const;
export type ExtraPricing = (typeof EXTRA_PRICINGS)[number];

export interface ChargeCounts {
  quantity: number;
  adults: number;
  children: number;
  /** The stay's nights (per_night and per_person_per_night multiply by it). */
  nights: number;
}

/**
 * A posted extra's amount in cents, in the catalogue's terms (VAT-inclusive when the extra
 * is): the price times what its pricing multiplies, children at the child price, all times
 * the quantity (e.g. two drives).
 */
export function chargeAmountCents(
  pricing: ExtraPricing,
  unitPriceCents: number,
  childUnitPriceCents: number,
  counts: ChargeCounts,
): number {
  const people = counts.adults * unitPriceCents + counts.children * childUnitPriceCents;
  switch (pricing) {
    case 'per_item':
      return unitPriceCents * counts.quantity;
    case 'per_person':
      return people * counts.quantity;
    case 'per_night':
      return unitPriceCents * counts.nights * counts.quantity;
    case 'per_person_per_night':
      return people * counts.nights * counts.quantity;
  }
}

/** Whether a pricing needs at least one person on the charge. */
export function pricingCountsPeople(pricing: ExtraPricing): boolean {
  return pricing === 'per_person' || pricing === 'per_person_per_night';
}

export interface LineMoney {
  /** What the guest pays for the line, VAT included (signed: discounts are negative). */
  inclusiveCents: number;
  /** The VAT in it (0 when the lodge is not VAT-registered, or the line carries no VAT). */
  vatCents: number;
}

/**
 * A line's money. A VAT-exclusive price gets VAT added on top; a VAT-inclusive one has it
 * taken out, per line, rounded to the cent. A lodge that is not VAT-registered charges no
 * VAT: the price is what the guest pays. `taxable: false` (the tourism levy) carries none.
 */
export function lineMoney(
  amountCents: number,
  opts: { vatInclusive: boolean; date: string; vatRegistered: boolean; taxable?: boolean },
): LineMoney {
  if (!opts.vatRegistered || opts.taxable === false) return { inclusiveCents: amountCents, vatCents: 0 };
  const percent = vatPercentOn(opts.date);
  if (opts.vatInclusive) return { inclusiveCents: amountCents, vatCents: vatInInclusiveCents(amountCents, percent) };
  const vatCents = vatOnExclusiveCents(amountCents, percent);
  return { inclusiveCents: amountCents + vatCents, vatCents };
}

export interface FolioTotalsCents {
  /** Every line not voided, VAT included, discounts taken off. */
  chargesCents: number;
  vatCents: number;
  paidCents: number;
  refundedCents: number;
  /** What the guest still owes (negative: the lodge owes the guest). */
  balanceCents: number;
}

export function folioTotals(
  lines: readonly (LineMoney & { voided: boolean })[],
  ledger: Pick<LedgerSummary, 'totalPaidCents' | 'totalRefundedCents'>,
): FolioTotalsCents {
  const live = lines.filter((line) => !line.voided);
  const chargesCents = sumCents(live.map((line) => line.inclusiveCents));
  const vatCents = sumCents(live.map((line) => line.vatCents));
  const paidCents = ledger.totalPaidCents;
  const refundedCents = ledger.totalRefundedCents;
  return { chargesCents, vatCents, paidCents, refundedCents, balanceCents: chargesCents - paidCents + refundedCents };
}

/** A posted charge as the folio reads it (the API's row, or the device's copy and its pending ones). */
export interface FolioChargeBasis {
  id: string;
  description: string;
  pricing: ExtraPricing;
  quantity: number;
  adults: number;
  children: number;
  /** Rand, in the catalogue's terms (VAT-inclusive when vatInclusive). */
  amount: number;
  vatInclusive: boolean;
  date: string;
  source: 'desk' | 'guest';
  voidedAt: string | null;
  voidReason: string | null;
  /** When posted (ISO): orders the charges of one day. */
  createdAt?: string;
}

/** A payment or refund of the ledger as the folio lists it (amount signed: refunds negative). */
export interface FolioPaymentBasis {
  type: 'payment' | 'refund';
  status: string;
  amount: number;
}

/**
 * Everything a folio is built from. The API reads it from the database; the PWA offline from
 * the device's booking, its charges (pending ones too) and the folio it last fetched (the
 * discounts, payments and tax settings, which only change online).
 */
export interface FolioBasis {
  stay: {
    name: string;
    checkInDate: string;
    checkOutDate: string;
    /** The booking's total_amount, rand. */
    totalAmount: number;
    /**
     * After an early departure released the remaining nights: the check-out booked (the stay
     * is still charged for those nights) and what is credited for them (rand; 0 when the lodge
     * keeps charging them).
     */
    originalCheckOutDate?: string | null;
    earlyDepartureCredit?: number;
  };
  charges: readonly FolioChargeBasis[];
  /** The booking's discount ledger rows, rand, positive. */
  discounts: { promo: number; card: number };
  payments: readonly FolioPaymentBasis[];
  tax: { vatRegistered: boolean; tourismLevyPercent: number };
}

export const FOLIO_LINE_KEYS = {
  accommodation: 'accommodation',
  charge: (id: string) => `charge:${id}`,
  promo: 'discount:promo',
  card: 'discount:card',
  levy: 'levy',
  earlyDeparture: 'credit:early-departure',
} as const;

/** One folio line, in rand (the contract's FolioLine). */
export interface BuiltFolioLine {
  key: string;
  kind: 'accommodation' | 'extra' | 'discount' | 'levy' | 'credit';
  description: string;
  date: string | null;
  quantity: number;
  unitAmount: number;
  amount: number;
  vat: number;
  chargeId: string | null;
  voided: boolean;
  voidReason: string | null;
  invoiceNumber: string | null;
}

export interface BuiltFolio {
  lines: BuiltFolioLine[];
  totals: { charges: number; vat: number; paid: number; refunded: number; balance: number };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const PEOPLE_WORDS = (adults: number, children: number) =>
  [adults ? `${adults} adult${adults === 1 ? '' : 's'}` : '', children ? `${children} child${children === 1 ? '' : 'ren'}` : '']
    .filter(Boolean)
    .join(', ');

/**
 * A booking's folio: its lines and totals. The accommodation is what the booking's total was
 * before its discounts, less the extras the guest booked online (each its own line), so a
 * folio with nothing posted at the desk and no levy comes to the booking's total exactly.
 * The discounts are negative lines; the tourism levy is a percent of the accommodation after
 * the promo discount, without VAT when the lodge is registered, and carries no VAT itself.
 * Voided charges stay on the folio, marked, and count for nothing. One function for the
 * API's folio and the PWA's offline one, so both come to the same balance.
 */
export function buildFolioLines(basis: FolioBasis, invoiceNumbers?: ReadonlyMap<string, string>): BuiltFolio {
  const { stay, tax } = basis;
  const vatRegistered = tax.vatRegistered;
  // The stay as booked: an early departure shortens the dates, not what the stay was charged
  // (its own credit line takes the released nights off), so an invoiced line never moves.
  const bookedCheckOut = stay.originalCheckOutDate ?? stay.checkOutDate;
  const nights = Math.max(1, nightCount(stay.checkInDate, bookedCheckOut));
  const promoCents = randToCents(basis.discounts.promo);
  const cardCents = randToCents(basis.discounts.card);
  const guestCents = sumCents(basis.charges.filter((c) => c.source === 'guest').map((c) => randToCents(c.amount)));
  const accommodationCents = randToCents(stay.totalAmount) + promoCents + cardCents - guestCents;

  type Draft = Omit<BuiltFolioLine, 'amount' | 'vat' | 'unitAmount' | 'invoiceNumber'> & { money: LineMoney; unitCents: number };
  const drafts: Draft[] = [];
  const onStay = { vatInclusive: true, date: stay.checkInDate, vatRegistered };
  drafts.push({
    key: FOLIO_LINE_KEYS.accommodation,
    kind: 'accommodation',
    description: `${stay.name}, ${nights} night${nights === 1 ? '' : 's'}`,
    date: stay.checkInDate,
    quantity: nights,
    unitCents: divideRoundHalfUp(Math.max(0, accommodationCents), nights),
    money: lineMoney(accommodationCents, onStay),
    chargeId: null,
    voided: false,
    voidReason: null,
  });

  const charges = [...basis.charges].sort((a, b) => compareText(a.date, b.date) || compareText(a.createdAt ?? '', b.createdAt ?? '') || compareText(a.id, b.id));
  for (const c of charges) {
    const amountCents = randToCents(c.amount);
    const people = pricingCountsPeople(c.pricing) ? PEOPLE_WORDS(c.adults, c.children) : '';
    drafts.push({
      key: FOLIO_LINE_KEYS.charge(c.id),
      kind: 'extra',
      description: people ? `${c.description} (${people})` : c.description,
      date: c.date,
      quantity: c.quantity,
      unitCents: divideRoundHalfUp(amountCents, c.quantity),
      money: lineMoney(amountCents, { vatInclusive: c.vatInclusive, date: c.date, vatRegistered }),
      chargeId: c.id,
      voided: c.voidedAt !== null,
      voidReason: c.voidReason,
    });
  }

  const discount = (key: string, description: string, cents: number) =>
    drafts.push({ key, kind: 'discount', description, date: stay.checkInDate, quantity: 1, unitCents: -cents, money: lineMoney(-cents, onStay), chargeId: null, voided: false, voidReason: null });
  if (promoCents > 0) discount(FOLIO_LINE_KEYS.promo, 'Promo code discount', promoCents);
  if (cardCents > 0) discount(FOLIO_LINE_KEYS.card, 'Card payment discount', cardCents);

  // Released nights credited (docs/design.md, The desk's day: early departures). The levy below
  // stays on the stay as charged: it may be invoiced already, and the credit note for the
  // nights carries the accommodation's VAT only.
  const creditCents = stay.originalCheckOutDate ? randToCents(stay.earlyDepartureCredit ?? 0) : 0;
  if (creditCents > 0) {
    const released = Math.max(1, nightCount(stay.checkOutDate, stay.originalCheckOutDate!));
    drafts.push({
      key: FOLIO_LINE_KEYS.earlyDeparture,
      kind: 'credit',
      description: `Early departure: ${released} night${released === 1 ? '' : 's'} released`,
      date: stay.checkOutDate,
      quantity: released,
      unitCents: -divideRoundHalfUp(creditCents, released),
      money: lineMoney(-creditCents, onStay),
      chargeId: null,
      voided: false,
      voidReason: null,
    });
  }

  if (tax.tourismLevyPercent > 0) {
    const afterPromo = Math.max(0, accommodationCents - promoCents);
    const base = afterPromo - lineMoney(afterPromo, onStay).vatCents;
    const levyCents = percentOfCents(base, tax.tourismLevyPercent);
    drafts.push({
      key: FOLIO_LINE_KEYS.levy,
      kind: 'levy',
      description: `Tourism levy (${tax.tourismLevyPercent}%)`,
      date: stay.checkInDate,
      quantity: 1,
      unitCents: levyCents,
      money: lineMoney(levyCents, { ...onStay, taxable: false }),
      chargeId: null,
      voided: false,
      voidReason: null,
    });
  }

  const ledger = summariseLedger(
    basis.payments.map((p) => ({ type: p.type, status: p.status as LedgerEntryStatus, amountCents: randToCents(p.amount) })),
  );
  const totals = folioTotals(
    drafts.map((d) => ({ ...d.money, voided: d.voided })),
    ledger,
  );
  return {
    lines: drafts.map(({ money, unitCents, ...d }) => ({
      ...d,
      unitAmount: centsToRand(unitCents),
      amount: centsToRand(money.inclusiveCents),
      vat: centsToRand(money.vatCents),
      invoiceNumber: invoiceNumbers?.get(d.key) ?? null,
    })),
    totals: {
      charges: centsToRand(totals.chargesCents),
      vat: centsToRand(totals.vatCents),
      paid: centsToRand(totals.paidCents),
      refunded: centsToRand(totals.refundedCents),
      balance: centsToRand(totals.balanceCents),
    },
  };
}
