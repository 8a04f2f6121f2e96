import { BookingFolio } from '@/features/folio/booking-folio.js';
import { BookingInvoices } from '@/features/invoices/booking-invoices.js';

/**
 * The guest panel's money: the folio (everyone at the desk, offline too) and, below it, the
 * booking's invoices and credit notes (SuperAdmin and Manager, online), as in Booking
 * Management's details dialog, so checking a guest out and handing over the invoice happen
 * in one place.
 */
export function FolioAndInvoices({ bookingId }: { bookingId: string }) {
  return (
    <>
      <BookingFolio bookingId={bookingId} />
      <BookingInvoices bookingId={bookingId} />
    </>
  );
}
