import type { DbOrTx } from '../../db/transaction.js';
import { NotFoundError } from '../../errors.js';
import type { Folio, FolioLine } from '../../../../shared/contracts/folio.js';
import { folioTotals, lineMoney } from '../../../../shared/domain/folio.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import { getBooking } from '../bookings/queries.js';
import { ledgerSummary } from '../payments/ledger.service.js';
import { getSettings } from '../settings/settings.service.js';
import * as repo from './folio.repo.js';

/**
 * A booking's folio (the minimal one invoicing is built on: the stay as one line from the
 * booking's total, and each posted charge). An entire-lodge child's folio is its parent's.
 */
export async function buildFolio(db: DbOrTx, bookingId: string): Promise<Folio> {
  let booking = await getBooking(db, bookingId);
  if (booking?.parentBookingId) booking = await getBooking(db, booking.parentBookingId);
  if (!booking) throw new NotFoundError('Booking not found', 'not_found');
  const [settings, charges, ledger] = await Promise.all([getSettings(db), repo.listCharges(db, booking.id), ledgerSummary(db, booking.id)]);
  const vatRegistered = settings.vatRegistered;

  const stay = lineMoney(randToCents(booking.totalAmount), { vatInclusive: true, date: booking.checkInDate, vatRegistered });
  const lines: (FolioLine & { money: { inclusiveCents: number; vatCents: number } })[] = [
    {
      key: 'accommodation',
      kind: 'accommodation',
      description: `Accommodation: ${booking.accommodationTypeName}, ${booking.checkInDate} to ${booking.checkOutDate}`,
      date: booking.checkInDate,
      quantity: 1,
      unitAmount: centsToRand(stay.inclusiveCents),
      amount: centsToRand(stay.inclusiveCents),
      vat: centsToRand(stay.vatCents),
      chargeId: null,
      voided: false,
      voidReason: null,
      invoiceNumber: null,
      money: stay,
    },
  ];
  for (const c of charges) {
    const money = lineMoney(randToCents(c.amount), { vatInclusive: c.vat_inclusive, date: c.charge_date, vatRegistered });
    lines.push({
      key: `charge:${c.id}`,
      kind: 'extra',
      description: c.description,
      date: c.charge_date,
      quantity: c.quantity,
      unitAmount: centsToRand(Math.round(money.inclusiveCents / c.quantity)),
      amount: centsToRand(money.inclusiveCents),
      vat: centsToRand(money.vatCents),
      chargeId: c.id,
      voided: c.voided_at !== null,
      voidReason: c.void_reason,
      invoiceNumber: null,
      money,
    });
  }
  const totals = folioTotals(
    lines.map((l) => ({ ...l.money, voided: l.voided })),
    ledger,
  );
  return {
    bookingId: booking.id,
    reference: booking.reference,
    lines: lines.map(({ money: _money, ...line }) => line),
    payments: [],
    totals: {
      charges: centsToRand(totals.chargesCents),
      vat: centsToRand(totals.vatCents),
      paid: centsToRand(totals.paidCents),
      refunded: centsToRand(totals.refundedCents),
      balance: centsToRand(totals.balanceCents),
    },
  };
}
