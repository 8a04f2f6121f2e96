import { isWeekendNight, nightsOf } from './demo-dates.js';

/**
 * The pricing rules (docs/design.md, Pricing), applied to the demo's own rows so every demo
 * total is what the rate calculator would quote. Money is integer cents.
 */

export interface RateBase {
  weekdayCents: number;
  weekendCents: number;
}

export interface DemoOverride {
  startDate: string;
  endDate: string;
  weekdayCents: number | null;
  weekendCents: number | null;
  minLengthOfStay: number;
  createdAt: Date;
}

export interface DemoPromo {
  discountType: 'Percentage' | 'Fixed';
  /** Percent, or cents for Fixed. */
  value: number;
}

export interface DemoPrice {
  nights: number;
  /** Each night's price (what bookings.night_amounts keeps). */
  nightCents: number[];
  subtotalCents: number;
  promoDiscountCents: number;
  cardDiscountCents: number;
  /** What the guest pays with the chosen method. */
  totalCents: number;
  minStay: number;
}

export function priceStay(
  checkIn: string,
  checkOut: string,
  base: RateBase,
  overrides: DemoOverride[],
  promo: DemoPromo | null,
  payByCard: boolean,
  cardDiscountPercent: number,
): DemoPrice {
  let subtotal = 0;
  let minStay = 1;
  const nightCents: number[] = [];
  const nights = nightsOf(checkIn, checkOut);
  for (const night of nights) {
    const covering = overrides
      .filter((o) => o.startDate <= night && night <= o.endDate)
      // Latest start date wins, then the newest.
      .sort((a, b) => b.startDate.localeCompare(a.startDate) || b.createdAt.getTime() - a.createdAt.getTime());
    for (const o of covering) minStay = Math.max(minStay, o.minLengthOfStay);
    const weekend = isWeekendNight(night);
    const winner = covering[0];
    const overrideRate = winner ? (weekend ? winner.weekendCents : winner.weekdayCents) : null;
    const nightPrice = overrideRate ?? (weekend ? base.weekendCents : base.weekdayCents);
    nightCents.push(nightPrice);
    subtotal += nightPrice;
  }
  let promoDiscount = 0;
  if (promo) {
    promoDiscount =
      promo.discountType === 'Percentage' ? Math.round((subtotal * promo.value) / 100) : Math.min(promo.value, subtotal);
  }
  const afterPromo = subtotal - promoDiscount;
  let total = afterPromo;
  if (payByCard) {
    // The card price is rounded to whole rand.
    total = Math.round((afterPromo * (100 - cardDiscountPercent)) / 100 / 100) * 100;
  }
  return {
    nights: nights.length,
    nightCents,
    subtotalCents: subtotal,
    promoDiscountCents: promoDiscount,
    cardDiscountCents: afterPromo - total,
    totalCents: total,
    minStay,
  };
}

export function centsToDb(cents: number): string {
  return (cents / 100).toFixed(2);
}
