import type { Tx } from '../../db/transaction.js';
import type { GuestExtraLine } from '../../../../shared/domain/guest-extras.js';
import { centsToDecimalText } from '../../../../shared/domain/money.js';

/**
 * The extras a guest added when booking online, posted to the booking's folio (source
 * 'guest', dated the check-in day) in the transaction that creates the booking: they exist
 * exactly when the booking does, and the folio shows the same money the booking's total
 * carries. Each row is a snapshot of the price quoted to the guest.
 */
export async function postGuestExtras(trx: Tx, bookingId: string, checkInDate: string, lines: readonly GuestExtraLine[]): Promise<void> {
  if (lines.length === 0) return;
  await trx('folio_charges').insert(
    lines.map((l) => ({
      booking_id: bookingId,
      extra_id: l.extraId,
      description: l.name,
      pricing: l.pricing,
      unit_price: centsToDecimalText(l.unitPriceCents),
      child_unit_price: centsToDecimalText(l.childUnitPriceCents),
      quantity: l.quantity,
      adults: l.adults,
      children: l.children,
      nights: l.nights,
      amount: centsToDecimalText(l.amountCents),
      vat_inclusive: l.vatInclusive,
      charge_date: checkInDate,
      note: null,
      source: 'guest',
      created_by_user_id: null,
    })),
  );
}
