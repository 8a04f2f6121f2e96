import { describe, expect, it } from 'vitest';
import { createMatcher, type MatchCandidate } from './match-lines.js';

const candidate = (over: Partial<MatchCandidate>): MatchCandidate => ({
  bookingId: over.reference ?? 'id',
  reference: 'WL-7KQ3XM',
  guestName: 'Naledi Dube',
  guestLastName: 'Dube',
  balanceCents: 320000,
  depositCents: null,
  ...over,
});

describe('matching bank credits to bookings', () => {
  const match = createMatcher([
    candidate({ bookingId: 'a', reference: 'LDG-2026-00123', guestName: 'Pieter Smit', guestLastName: 'Smit', balanceCents: 240000 }),
    candidate({ bookingId: 'b', reference: 'WL-7KQ3XM' }),
    candidate({ bookingId: 'c', reference: 'WL-2MWQ9R', guestName: 'Anri van der Merwe', guestLastName: 'van der Merwe', balanceCents: 625000, depositCents: 187500 }),
  ]);

  it('a reference in any case with spaces or dashes inside', () => {
    expect(match('IB PAYMENT ldg 2026 00123', 100)).toEqual({ bookingId: 'a', reference: 'LDG-2026-00123', reason: 'reference', guestName: 'Pieter Smit' });
    expect(match('TRF wl7kq3xm thanks', 5)?.bookingId).toBe('b');
    expect(match('CASH DEP Wl-7Kq3xM', 5)?.bookingId).toBe('b');
    expect(match('ADT CASH DEPO00123 WL 7KQ 3XM', 5)?.bookingId).toBe('b');
  });

  it('money out never matches, even with a reference', () => {
    expect(match('REVERSAL WL-7KQ3XM', -320000)).toBeUndefined();
  });

  it('amount equal to the balance or deposit and the surname as a whole word: a proposal', () => {
    expect(match('MAGTAPE CREDIT SMIT HOLIDAY', 240000)).toEqual({ bookingId: 'a', reference: 'LDG-2026-00123', reason: 'amount-and-surname', guestName: 'Pieter Smit' });
    expect(match('ACB CREDIT VAN DER MERWE', 187500)?.reason).toBe('amount-and-surname');
    expect(match('ACB CREDIT VAN DER MERWE', 625000)?.bookingId).toBe('c');
  });

  it('no proposal for another amount, a surname inside another word, or no surname', () => {
    expect(match('MAGTAPE CREDIT SMIT HOLIDAY', 240001)).toBeUndefined();
    expect(match('MAGTAPE CREDIT SMITH HOLIDAY', 240000)).toBeUndefined();
    expect(match('MAGTAPE CREDIT HOLIDAY', 240000)).toBeUndefined();
  });

  it('two guests of one surname owing the same: nothing proposed', () => {
    const m = createMatcher([candidate({ bookingId: 'x', reference: 'WL-AAAAAA' }), candidate({ bookingId: 'y', reference: 'WL-BBBBBB' })]);
    expect(m('PAYMENT DUBE', 320000)).toBeUndefined();
  });
});
