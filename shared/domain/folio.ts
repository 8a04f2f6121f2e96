import { sumCents } from './money.js';
import type { LedgerSummary } from './payment-ledger.js';
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
