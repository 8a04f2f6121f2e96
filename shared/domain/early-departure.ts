import { addDays, compareIsoDates, nightCount, type IsoDate } from './dates.js';
import { spreadCentsByWeights, sumCents } from './money.js';

/**
 * Early departures (docs/design.md, The desk's day: early departures): a guest who leaves
 * before the check-out date, and the nights they do not stay. One rule for the API's release,
 * the desk's question ("Release the remaining 2 nights?") and the offline screens.
 */

/** Lodge Settings: what the folio does with the released nights. */
export const EARLY_DEPARTURE_CHARGES = ['none', 'full'] as const;
export type EarlyDepartureCharge = (typeof EARLY_DEPARTURE_CHARGES)[number];

/** The settings' words for each choice (Lodge Settings, the audit log). */
export const EARLY_DEPARTURE_CHARGE_WORDS: Record<EarlyDepartureCharge, string> = {
  none: 'Credit the nights not stayed',
  full: 'Keep charging the nights booked',
};

interface Stay {
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
}

/**
 * The check-out a stay is shortened to when the guest left on `departureDate` (the lodge's
 * date): that day, but never before the first night is over (a guest leaving on the arrival
 * day keeps the first night: a stay has at least one). Null when no night would be released
 * (the guest left on or after the check-out date).
 */
export function releasedCheckOut(stay: Stay, departureDate: IsoDate): IsoDate | null {
  const firstNightOver = addDays(stay.checkInDate, 1);
  const checkOut = compareIsoDates(departureDate, firstNightOver) < 0 ? firstNightOver : departureDate;
  return compareIsoDates(checkOut, stay.checkOutDate) < 0 ? checkOut : null;
}

/** How many nights leaving on `departureDate` releases (0: none, not an early departure). */
export function nightsToRelease(stay: Stay, departureDate: IsoDate): number {
  const checkOut = releasedCheckOut(stay, departureDate);
  return checkOut === null ? 0 : nightCount(checkOut, stay.checkOutDate);
}

/**
 * What the folio credits for the released nights under 'none': the stay's amount spread over
 * its nights by their weights (the night amounts quoted when it was booked, or the rates
 * priced now for an older booking), to the cent, and the shares of the nights after the ones
 * kept added up. The shares of all the nights add up to the stay's amount exactly
 * (spreadCentsByWeights), so what is kept and what is credited never differ by a cent from
 * what was charged.
 */
export function releasedNightsCreditCents(input: { stayCents: number; nightWeights: readonly number[]; keptNights: number }): number {
  const { stayCents, nightWeights, keptNights } = input;
  if (!Number.isInteger(keptNights) || keptNights < 1 || keptNights >= nightWeights.length) {
    throw new RangeError(`Kept nights must be between 1 and ${nightWeights.length - 1}: ${keptNights}`);
  }
  return sumCents(spreadCentsByWeights(Math.max(0, stayCents), nightWeights).slice(keptNights));
}
