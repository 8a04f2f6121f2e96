import { BookingsPage } from '@/features/bookings-admin/bookings-page.js';
import { BookingPayments } from '@/features/payments-admin/booking-payments.js';
import { BookingFolio } from '@/features/folio/booking-folio.js';
import { BookingInvoices } from '@/features/invoices/booking-invoices.js';

/**
 * Booking Management with the folio feature's section (lines, balance, Add charge), the
 * payments feature's (ledger, refunds, "Payment received") and the invoices feature's
 * (invoices, credit notes) in its details dialog. The features meet here, in the app layer,
 * so none imports another's screens.
 */
export function BookingsWithPayments() {
  return <BookingsPage paymentsSection={BookingPayments} folioSection={BookingFolio} invoicesSection={BookingInvoices} />;
}
