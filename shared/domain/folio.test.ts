import { describe, expect, it } from 'vitest';
import { chargeAmountCents, folioTotals, lineMoney } from './folio.js';

describe('folio', () => {
  it('prices each kind of extra', () => {
    const counts = { quantity: 2, adults: 2, children: 1, nights: 3 };
    expect(chargeAmountCents('per_item', 5_000, 2_500, counts)).toBe(10_000);
    expect(chargeAmountCents('per_person', 65_000, 32_500, counts)).toBe(2 * (2 * 65_000 + 32_500));
    expect(chargeAmountCents('per_night', 10_000, 0, counts)).toBe(60_000);
    expect(chargeAmountCents('per_person_per_night', 11_000, 5_500, { ...counts, quantity: 1 })).toBe(3 * (2 * 11_000 + 5_500));
  });

  it('takes VAT out of inclusive lines and adds it to exclusive ones', () => {
    expect(lineMoney(115_000, { vatInclusive: true, date: '2026-11-24', vatRegistered: true })).toEqual({ inclusiveCents: 115_000, vatCents: 15_000 });
    expect(lineMoney(10_000, { vatInclusive: false, date: '2026-11-24', vatRegistered: true })).toEqual({ inclusiveCents: 11_500, vatCents: 1_500 });
    expect(lineMoney(10_000, { vatInclusive: true, date: '2026-11-24', vatRegistered: false })).toEqual({ inclusiveCents: 10_000, vatCents: 0 });
    expect(lineMoney(2_450, { vatInclusive: true, date: '2026-11-24', vatRegistered: true, taxable: false })).toEqual({ inclusiveCents: 2_450, vatCents: 0 });
  });

  it('totals live lines against the ledger', () => {
    const lines = [
      { inclusiveCents: 115_000, vatCents: 15_000, voided: false },
      { inclusiveCents: 23_000, vatCents: 3_000, voided: true },
      { inclusiveCents: -11_500, vatCents: -1_500, voided: false },
    ];
    expect(folioTotals(lines, { totalPaidCents: 50_000, totalRefundedCents: 10_000 })).toEqual({
      chargesCents: 103_500,
      vatCents: 13_500,
      paidCents: 50_000,
      refundedCents: 10_000,
      balanceCents: 63_500,
    });
  });
});
