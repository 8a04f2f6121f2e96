import { describe, expect, it } from 'vitest';
import { buildFolioLines, chargeAmountCents, folioTotals, lineMoney, type FolioBasis, type FolioChargeBasis } from './folio.js';

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

  describe('buildFolioLines', () => {
    const charge = (over: Partial<FolioChargeBasis>): FolioChargeBasis => ({
      id: 'c1',
      description: 'Morning game drive',
      pricing: 'per_person',
      quantity: 1,
      adults: 2,
      children: 0,
      amount: 1300,
      vatInclusive: true,
      date: '2026-11-24',
      source: 'desk',
      voidedAt: null,
      voidReason: null,
      ...over,
    });
    const basis = (over: Partial<FolioBasis> = {}): FolioBasis => ({
      stay: { name: 'Suite 1', checkInDate: '2026-11-24', checkOutDate: '2026-11-27', totalAmount: 4100 },
      charges: [],
      discounts: { promo: 0, card: 0 },
      payments: [],
      tax: { vatRegistered: false, tourismLevyPercent: 0 },
      ...over,
    });

    it('takes the extras a guest booked online out of the stay, so with nothing posted the folio is the booking total', () => {
      // 4100 = 3000 stay + 1300 drive booked online - 200 promo.
      const folio = buildFolioLines(basis({ charges: [charge({ source: 'guest' })], discounts: { promo: 200, card: 0 } }));
      expect(folio.lines.map((l) => [l.key, l.amount])).toEqual([
        ['accommodation', 3000],
        ['charge:c1', 1300],
        ['discount:promo', -200],
      ]);
      expect(folio.lines[0]).toMatchObject({ quantity: 3, unitAmount: 1000, description: 'Suite 1, 3 nights' });
      expect(folio.totals).toEqual({ charges: 4100, vat: 0, paid: 0, refunded: 0, balance: 4100 });
    });

    it('a voided guest extra still comes out of the stay and counts for nothing', () => {
      const folio = buildFolioLines(basis({ charges: [charge({ source: 'guest', voidedAt: '2026-11-24T10:00:00Z', voidReason: 'Drive cancelled' })] }));
      expect(folio.lines[0].amount).toBe(2800);
      expect(folio.lines[1]).toMatchObject({ voided: true, voidReason: 'Drive cancelled' });
      expect(folio.totals.charges).toBe(2800);
    });

    it('counts successful payments and refunds not failed, and marks invoiced lines', () => {
      const folio = buildFolioLines(
        basis({
          payments: [
            { type: 'payment', status: 'success', amount: 1000 },
            { type: 'payment', status: 'failed', amount: 500 },
            { type: 'refund', status: 'pending', amount: -100 },
            { type: 'refund', status: 'failed', amount: -50 },
          ],
        }),
        new Map([['accommodation', 'INV-000001']]),
      );
      expect(folio.totals).toEqual({ charges: 4100, vat: 0, paid: 1000, refunded: 100, balance: 3200 });
      expect(folio.lines[0].invoiceNumber).toBe('INV-000001');
    });

    it('levies a percent of the stay after promo without its VAT, and puts no VAT on the levy', () => {
      // Stay 4100 + 200 promo = 4300; after promo 4100; VAT in it 534.78; 1.5 % of 3565.22 = 53.48.
      const folio = buildFolioLines(basis({ discounts: { promo: 200, card: 0 }, tax: { vatRegistered: true, tourismLevyPercent: 1.5 } }));
      expect(folio.lines.find((l) => l.key === 'levy')).toMatchObject({ amount: 53.48, vat: 0, description: 'Tourism levy (1.5%)' });
      expect(folio.totals.charges).toBe(4153.48);
    });
  });
});
