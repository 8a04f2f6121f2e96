import type { SessionUser } from '../auth/session-user.js';
import type { PaymentMethod } from '../../../../shared/domain/booking-status.js';
import type { StayQuote } from '../../../../shared/domain/pricing.js';
import type { NewLedgerEntry } from '../payments/ledger.service.js';

/** The discounts a new booking got, as ledger rows (negative: money not asked for). */
export function discountEntries(bookingId: string, quote: StayQuote, isCard: boolean, cardPercent: number): NewLedgerEntry[] {
  const entries: NewLedgerEntry[] = [];
  if (quote.promoDiscountCents > 0) {
    entries.push({
      bookingId,
      type: 'discount',
      subtype: 'promo',
      status: 'success',
      amountCents: -quote.promoDiscountCents,
      description: `Promo code ${quote.promoCode}`,
    });
  }
  if (isCard && quote.cardDiscountCents > 0) {
    entries.push({
      bookingId,
      type: 'discount',
      subtype: 'card_discount',
      status: 'success',
      amountCents: -quote.cardDiscountCents,
      description: `Card payment discount (${cardPercent}%)`,
    });
  }
  return entries;
}

/** A payment staff record by hand (EFT seen in the bank, cash at the desk, a card machine). */
export function staffPaymentEntry(bookingId: string, method: PaymentMethod, amountCents: number, user: Pick<SessionUser, 'id'>): NewLedgerEntry {
  const subtype = method === 'EFT' ? 'eft' : method === 'Cash' ? 'cash' : 'card-manual';
  const description =
    method === 'EFT' ? 'EFT payment received' : method === 'Cash' ? 'Cash payment received' : 'Card payment recorded by staff';
  return { bookingId, type: 'payment', subtype, status: 'success', amountCents, description, createdByUserId: user.id };
}
