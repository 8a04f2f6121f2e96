import { describe, expect, it } from 'vitest';
import { vatInInclusiveCents, vatOnExclusiveCents, vatPercentOn } from './vat.js';

describe('VAT', () => {
  it('takes the rate in force on the date', () => {
    expect(vatPercentOn('2018-03-31')).toBe(14);
    expect(vatPercentOn('2018-04-01')).toBe(15);
    expect(vatPercentOn('2030-01-01')).toBe(15);
  });

  it('finds the VAT inside an inclusive amount, rounded half up to the cent', () => {
    // R1 150.00 incl. 15% holds R150.00 VAT.
    expect(vatInInclusiveCents(115_000, 15)).toBe(15_000);
    // R100.00 x 15/115 = R13.0434... -> R13.04
    expect(vatInInclusiveCents(10_000, 15)).toBe(1_304);
    // R0.23 x 15/115 = 0.03 exactly -> 3 cents; R0.04 x 15/115 = 0.52 cent -> 1 cent
    expect(vatInInclusiveCents(23, 15)).toBe(3);
    expect(vatInInclusiveCents(4, 15)).toBe(1);
    expect(vatInInclusiveCents(0, 15)).toBe(0);
  });

  it('rounds a negative amount (a discount or credit) on its magnitude', () => {
    expect(vatInInclusiveCents(-10_000, 15)).toBe(-1_304);
    expect(vatOnExclusiveCents(-10_050, 15)).toBe(-1_508);
  });

  it('adds VAT to an exclusive amount', () => {
    // R100.50 x 15% = R15.075 -> R15.08
    expect(vatOnExclusiveCents(10_050, 15)).toBe(1_508);
  });
});
