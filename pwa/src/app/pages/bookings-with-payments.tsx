import { BookingsPage } from '@/features/bookings-admin/bookings-page.js';
import { BookingPayments } from '@/features/payments-admin/booking-payments.js';
import { BookingFolio } from '@/features/folio/booking-folio.js';
import { BookingInvoices } from '@/features/invoices/booking-invoices.js';
import { BookingProofs } from '@/features/payment-proofs/booking-proofs.js';
import { BookingRegister } from '@/features/lodger-register/booking-register.js';

/**
 * Booking Management with the register of lodgers' line ("Register: 1 of 2 adults"), the folio
 * feature's section (lines, balance, Add charge) and the guest's proofs of payment under it
 * (every staff member), the payments feature's (ledger, refunds, "Payment received") and the
 * invoices feature's (invoices, credit notes) in its details dialog. The features meet here, in the app layer, so none imports another's screens.
 */
export function BookingsWithPayments() {
  return <BookingsPage paymentsSection={BookingPayments} folioSection={FolioAndProofs} invoicesSection={BookingInvoices} />;
}

function FolioAndProofs({ bookingId }: { bookingId: string }) {
  return (
    <>
      <BookingRegister bookingId={bookingId} />
      <BookingFolio bookingId={bookingId} />
      <BookingProofs bookingId={bookingId} />
    </>
  );
}
