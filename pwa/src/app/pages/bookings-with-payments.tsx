import { BookingsPage } from '@/features/bookings-admin/bookings-page.js';
import { BookingPayments } from '@/features/payments-admin/booking-payments.js';
import { BookingInvoices } from '@/features/invoices/booking-invoices.js';

/**
 * Booking Management with the payments feature's section (ledger, refunds, "Payment
 * received") and the invoices feature's (invoices, credit notes) in its details dialog. The two features meet here, in the app layer, so neither
 * imports the other's screens.
 */
export function BookingsWithPayments() {
  return <BookingsPage paymentsSection={BookingPayments} invoicesSection={BookingInvoices} />;
}
