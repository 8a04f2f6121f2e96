/**
 * Money is integer cents in code, `numeric(12,2)` in the database (a string such as
 * '2450.00') and a rand number with at most 2 decimals in JSON. Every conversion goes
 * through decimal text or integer arithmetic, so no binary-float drift reaches a total.
 */

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * Rand (a number or numeric text like '2450.00') to integer cents. More than 2 decimals
 * are rounded half away from zero on the decimal digits as written ('1.005' -> 101), not
 * on the binary approximation (1.005 * 100 is 100.4999...).
 */
export function randToCents(value: number | string): number {
  const text = typeof value === 'number' ? numberToDecimalText(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new RangeError(`Not an amount of money: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5;
  const magnitude = cents + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`Amount too large: ${JSON.stringify(value)}`);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${value}`);
  const text = String(value);
  // Exponent notation only appears for tiny (< 1e-6) or huge (>= 1e21) numbers.
  return text.includes('e') ? value.toFixed(2) : text;
}

/** Integer cents to a rand number with at most 2 decimals (245000 -> 2450). */
export function centsToRand(cents: number): number {
  assertCents(cents);
  // An integer divided by 100 is the double nearest to the 2-decimal value.
  return cents / 100;
}

/** Integer cents to the text a `numeric(12,2)` column takes (245050 -> '2450.50'). */
export function centsToDecimalText(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whether a rand number has at most 2 decimals (what a money field may carry). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const hundredths = value * 100;
  // 0.29 * 100 is 28.999999999999996: tolerate float noise, not a third decimal.
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** numerator / denominator for non-negative integers, rounded half up. Exact. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`Bad numerator: ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`Bad denominator: ${denominator}`);
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * `percent` % of `cents`, rounded half up to a whole cent. The percent may carry 2
 * decimals (settings step 0.01), so it is taken in hundredths to keep the maths integer.
 */
export function percentOfCents(cents: number, percent: number): number {
  assertNonNegativeCents(cents);
  const hundredthsOfPercent = percentToHundredths(percent);
  return divideRoundHalfUp(cents * hundredthsOfPercent, 10_000);
}

/** A percent 0..100 with at most 2 decimals as an integer of hundredths (12.5 -> 1250). */
export function percentToHundredths(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`Percent must be between 0 and 100: ${percent}`);
  }
  return randToCents(percent);
}

/** Cents rounded half up to whole rand (245050 -> 245100, 245049 -> 245000). */
export function roundCentsToWholeRand(cents: number): number {
  assertNonNegativeCents(cents);
  return divideRoundHalfUp(cents, 100) * 100;
}

/**
 * Splits cents into `parts` shares that differ by at most one cent and add up exactly;
 * the first shares take the leftover cents (a multi-unit booking divides its total
 * equally across units).
 */
export function splitCentsEqually(totalCents: number, parts: number): number[] {
  assertNonNegativeCents(totalCents);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`Parts must be a positive integer: ${parts}`);
  const share = Math.floor(totalCents / parts);
  const leftover = totalCents - share * parts;
  return Array.from({ length: parts }, (_, i) => share + (i < leftover ? 1 : 0));
}

/**
 * Spreads `totalCents` over parts in proportion to `weights` (a stay's amount over its nights
 * by each night's quoted price; a report's figure over days), to the cent, and the parts add
 * up to the total exactly. Largest remainder: each part takes the whole cents of its exact
 * share, and the cents left over go one each to the parts with the largest remainders (the
 * earlier part on a tie). A part of weight 0 takes nothing; when every weight is 0 the parts
 * share equally (as splitCentsEqually). A negative total spreads as the mirror image of the
 * positive one. Exact integer arithmetic throughout (BigInt), whatever the sizes.
 */
export function spreadCentsByWeights(totalCents: number, weights: readonly number[]): number[] {
  assertCents(totalCents);
  if (weights.length === 0) throw new RangeError('Weights must not be empty');
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`Weights must be non-negative integers: ${w}`);
  }
  const used = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
  const total = BigInt(Math.abs(totalCents));
  const sumWeights = used.reduce((sum, w) => sum + BigInt(w), 0n);
  const shares = used.map((w) => (total * BigInt(w)) / sumWeights);
  let left = total - shares.reduce((sum, s) => sum + s, 0n);
  const byRemainder = used
    .map((w, i) => ({ i, remainder: (total * BigInt(w)) % sumWeights }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares.map((s) => (totalCents < 0 && s !== 0n ? -Number(s) : Number(s)));
}

export function sumCents(amounts: readonly number[]): number {
  return amounts.reduce((sum, cents) => sum + cents, 0);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
}

function assertNonNegativeCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Cents must be a non-negative integer: ${cents}`);
}
