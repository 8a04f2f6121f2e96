import { divideRoundHalfUp } from './money.js';

/**
 * South African VAT. The rate is a dated table so a change of rate is one new row: a line is
 * taxed at the rate in force on its date (the night, or the day a charge was posted).
 */
export const VAT_RATES: readonly { from: string; percent: number }[] = [
  { from: '1993-04-07', percent: 14 },
  { from: '2018-04-01', percent: 15 },
];

/** The VAT percent in force on an ISO date (YYYY-MM-DD). */
export function vatPercentOn(isoDate: string): number {
  let percent = VAT_RATES[0].percent;
  for (const rate of VAT_RATES) if (rate.from <= isoDate) percent = rate.percent;
  return percent;
}

/**
 * The VAT inside a VAT-inclusive amount: amount x rate / (100 + rate), rounded half up to the
 * cent, per line (SARS accepts per-line rounding; the invoice's VAT is the sum of its lines).
 * Negative amounts (discounts, credit notes) round the same way on their magnitude.
 */
export function vatInInclusiveCents(inclusiveCents: number, percent: number): number {
  const sign = inclusiveCents < 0 ? -1 : 1;
  const vat = divideRoundHalfUp(Math.abs(inclusiveCents) * percent, 100 + percent);
  return vat === 0 ? 0 : sign * vat;
}

/** The VAT to add to a VAT-exclusive amount: amount x rate / 100, rounded half up to the cent. */
export function vatOnExclusiveCents(exclusiveCents: number, percent: number): number {
  const sign = exclusiveCents < 0 ? -1 : 1;
  const vat = divideRoundHalfUp(Math.abs(exclusiveCents) * percent, 100);
  return vat === 0 ? 0 : sign * vat;
}
