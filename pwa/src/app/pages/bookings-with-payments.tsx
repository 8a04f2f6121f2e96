import { BookingsPage } from '@/features/bookings-admin/bookings-page.js';
import { BookingPayments } from '@/features/payments-admin/booking-payments.js';
import { BookingFolio } from '@/features/folio/booking-folio.js';

/**
 * Booking Management with the folio feature's section (lines, balance, Add charge) and the
 * payments feature's section (ledger, refunds, "Payment received") in its details dialog. The
 * features meet here, in the app layer, so none imports another's screens.
 */
export function BookingsWithPayments() {
  return <BookingsPage paymentsSection={BookingPayments} folioSection={BookingFolio} />;
}
