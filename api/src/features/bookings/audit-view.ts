import type { Booking } from '../../../../shared/contracts/bookings.js';

/** The fields of a booking the audit log keeps when it is created or deleted. */
export function auditView(b: Booking) {
  return {
    reference: b.reference,
    unitId: b.unitId,
    accommodationTypeId: b.accommodationTypeId,
    guestName: b.guestName,
    guestEmail: b.guestEmail,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    status: b.status,
    totalAmount: b.totalAmount,
    paymentStatus: b.paymentStatus,
    paymentMethod: b.paymentMethod,
  };
}
