import type { Knex } from 'knex';
import type { BookingStatus, PaymentMethod, PaymentStatus } from '../../../../shared/domain/booking-status.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';

export interface LookedUpBooking {
  reference: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  accommodationTypeName: string;
  unitName: string | null;
  totalAmount: number;
  holdExpiresAt: string | null;
}

/**
 * The guest's booking with this reference and e-mail (case-insensitive), or undefined.
 * Entire-lodge children are never answered: the guest's booking is the parent.
 */
export async function findBookingByReferenceAndEmail(db: Knex, reference: string, email: string): Promise<LookedUpBooking | undefined> {
  const row = await db('bookings as b')
    .leftJoin('units as u', 'u.id', 'b.unit_id')
    .join('accommodation_types as t', 't.id', 'b.accommodation_type_id')
    .where('b.reference', reference)
    .andWhereRaw('lower(b.guest_email) = ?', [email.toLowerCase()])
    .andWhere('b.is_entire_lodge_child', false)
    .first(
      'b.reference',
      'b.status',
      'b.payment_status',
      'b.payment_method',
      'b.check_in_date',
      'b.check_out_date',
      'b.number_of_guests',
      'b.total_amount',
      'b.hold_expires_at',
      'u.name as unit_name',
      't.name as accommodation_type_name',
    );
  if (!row) return undefined;
  return {
    reference: row.reference,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    checkInDate: row.check_in_date,
    checkOutDate: row.check_out_date,
    numberOfGuests: row.number_of_guests,
    accommodationTypeName: row.accommodation_type_name,
    unitName: row.unit_name ?? null,
    totalAmount: centsToRand(randToCents(row.total_amount)),
    holdExpiresAt: row.hold_expires_at == null ? null : new Date(row.hold_expires_at).toISOString(),
  };
}
