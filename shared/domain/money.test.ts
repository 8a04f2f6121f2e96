import { describe, expect, it } from 'vitest';
import {
  centsToDecimalText,
  centsToRand,
  divideRoundHalfUp,
  hasAtMostTwoDecimals,
  percentOfCents,
  randToCents,
  roundCentsToWholeRand,
  splitCentsEqually,
  spreadCentsByWeights,
  sumCents,
} from './money.js';

describe('randToCents', () => {
  it.each([
    ['2450.00', 245000],
    ['2450', 245000],
    ['2450.5', 245050],
    ['0.29', 29],
    ['0.00', 0],
    [' 12.34 ', 1234],
    ['-15.10', -1510],
    ['9999999999.99', 999999999999],
  ])('converts the text %j exactly', (text, cents) => {
    expect(randToCents(text)).toBe(cents);
  });

  it.each([
    [2450, 245000],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996
    [0.57, 57], // 0.57 * 100 is 56.99999999999999
    [1.1, 110],
    [19.99, 1999],
    [1234.56, 123456],
    [0, 0],
  ])('converts the number %d without float drift', (value, cents) => {
    expect(randToCents(value)).toBe(cents);
  });

  it('rounds a third decimal half away from zero on the digits as written', () => {
    expect(randToCents('1.005')).toBe(101);
    expect(randToCents(1.005)).toBe(101); // the binary value is 1.00499999...
    expect(randToCents('1.004')).toBe(100);
    expect(randToCents('-1.005')).toBe(-101);
    expect(randToCents('0.999')).toBe(100);
  });

  it('handles numbers printed in exponent notation', () => {
    expect(randToCents(1e-7)).toBe(0);
  });

  it.each(['', 'abc', '12,50', '1e3', 'R100', '1.2.3', '--1'])('refuses %j', (text) => {
    expect(() => randToCents(text)).toThrow(RangeError);
  });

  it('refuses NaN and infinities', () => {
    expect(() => randToCents(Number.NaN)).toThrow(RangeError);
    expect(() => randToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('refuses amounts beyond safe integer cents', () => {
    expect(() => randToCents('999999999999999999')).toThrow(RangeError);
  });
});

describe('centsToRand and centsToDecimalText', () => {
  it('gives a rand number with 2 decimals', () => {
    expect(centsToRand(245000)).toBe(2450);
    expect(centsToRand(245050)).toBe(2450.5);
    expect(centsToRand(29)).toBe(0.29);
    expect(centsToRand(-1510)).toBe(-15.1);
  });

  it('round-trips with randToCents', () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(randToCents(centsToRand(cents))).toBe(cents);
    }
  });

  it('gives the numeric(12,2) text', () => {
    expect(centsToDecimalText(245050)).toBe('2450.50');
    expect(centsToDecimalText(5)).toBe('0.05');
    expect(centsToDecimalText(0)).toBe('0.00');
    expect(centsToDecimalText(-1510)).toBe('-15.10');
  });

  it('refuses non-integer cents', () => {
    expect(() => centsToRand(1.5)).toThrow(RangeError);
    expect(() => centsToDecimalText(1.5)).toThrow(RangeError);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([0, 1, 0.29, 19.99, 2450.5, 9999999999.99])('accepts %d', (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(true);
  });
  it.each([0.001, 1.005, 19.999, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false);
  });
});

describe('divideRoundHalfUp', () => {
  it('rounds exact halves up and the rest to nearest', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    expect(divideRoundHalfUp(14, 10)).toBe(1);
    expect(divideRoundHalfUp(20, 10)).toBe(2);
  });
  it('refuses a zero denominator and negative numerators', () => {
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(-1, 2)).toThrow(RangeError);
  });
});

describe('percentOfCents', () => {
  it('takes a share rounded half up to the cent', () => {
    expect(percentOfCents(100000, 10)).toBe(10000);
    expect(percentOfCents(9999, 12.5)).toBe(1250); // 1249.875
    expect(percentOfCents(333, 50)).toBe(167); // 166.5
    expect(percentOfCents(1001, 33.33)).toBe(334); // 333.6333
    expect(percentOfCents(12345, 0)).toBe(0);
    expect(percentOfCents(12345, 100)).toBe(12345);
  });
  it('refuses percents outside 0..100', () => {
    expect(() => percentOfCents(100, -1)).toThrow(RangeError);
    expect(() => percentOfCents(100, 100.01)).toThrow(RangeError);
    expect(() => percentOfCents(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('roundCentsToWholeRand', () => {
  it('rounds half up to whole rand', () => {
    expect(roundCentsToWholeRand(465550)).toBe(465600);
    expect(roundCentsToWholeRand(465549)).toBe(465500);
    expect(roundCentsToWholeRand(465500)).toBe(465500);
    expect(roundCentsToWholeRand(49)).toBe(0);
  });
});

describe('splitCentsEqually', () => {
  it('splits into shares that add up exactly, leftovers first', () => {
    expect(splitCentsEqually(1000, 3)).toEqual([334, 333, 333]);
    expect(splitCentsEqually(1001, 2)).toEqual([501, 500]);
    expect(splitCentsEqually(900, 3)).toEqual([300, 300, 300]);
    expect(sumCents(splitCentsEqually(123457, 7))).toBe(123457);
  });
  it('refuses zero parts', () => {
    expect(() => splitCentsEqually(100, 0)).toThrow(RangeError);
  });
});

describe('spreadCentsByWeights', () => {
  it('spreads a stay over its nights by their quoted prices, to the cent', () => {
    // 4 nights at 1,500 / 1,500 / 1,800 / 1,800 (R6,600): the amount itself comes back night by night.
    expect(spreadCentsByWeights(660000, [150000, 150000, 180000, 180000])).toEqual([150000, 150000, 180000, 180000]);
    // The same stay after a 10 % promo (R5,940): each night 90 % of its price.
    expect(spreadCentsByWeights(594000, [150000, 150000, 180000, 180000])).toEqual([135000, 135000, 162000, 162000]);
  });

  it('gives the cents left over to the largest remainders, the earlier part on a tie', () => {
    // 100 over 1:1:1 is 33.33 each: one cent left, the first part takes it.
    expect(spreadCentsByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 1000 over 1:2:3 is 166.67, 333.33, 500: the first part's remainder (0.67) is largest.
    expect(spreadCentsByWeights(1000, [1, 2, 3])).toEqual([167, 333, 500]);
    // 10 over 3:3:1 is 4 2/7, 4 2/7, 1 3/7: one cent left, and the last part's remainder is largest.
    expect(spreadCentsByWeights(10, [3, 3, 1])).toEqual([4, 4, 2]);
    // 11 over 3:3:1 is 4 5/7, 4 5/7, 1 4/7: two cents left, to the first two (tied, before the third).
    expect(spreadCentsByWeights(11, [3, 3, 1])).toEqual([5, 5, 1]);
  });

  it('adds up exactly whatever the sizes (beyond what a double multiplies exactly)', () => {
    const weights = [987_654_321, 123_456_789, 555_555_555];
    const parts = spreadCentsByWeights(99_999_999_999, weights);
    expect(sumCents(parts)).toBe(99_999_999_999);
    // Exact shares 59,259,259,318 2/3, 7,407,407,347 1/3 and 33,333,333,333.
    expect(parts).toEqual([59_259_259_319, 7_407_407_347, 33_333_333_333]);
  });

  it('gives a part of weight 0 nothing, and shares equally when every weight is 0', () => {
    expect(spreadCentsByWeights(1000, [0, 1, 0, 1])).toEqual([0, 500, 0, 500]);
    expect(spreadCentsByWeights(1000, [0, 0, 0])).toEqual([334, 333, 333]);
  });

  it('spreads a negative total as the mirror image of the positive one', () => {
    expect(spreadCentsByWeights(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(spreadCentsByWeights(-5, [0, 1])).toEqual([0, -5]);
  });

  it('refuses no parts, negative or fractional weights and fractional cents', () => {
    expect(() => spreadCentsByWeights(100, [])).toThrow(RangeError);
    expect(() => spreadCentsByWeights(100, [1, -1])).toThrow(RangeError);
    expect(() => spreadCentsByWeights(100, [1.5])).toThrow(RangeError);
    expect(() => spreadCentsByWeights(10.5, [1])).toThrow(RangeError);
  });
});
