import { FrontDeskPage } from '@/features/front-desk/front-desk-page.js';
import { BookingFolio } from '@/features/folio/booking-folio.js';

/** The front desk with the folio feature's section in its guest panel (composed here, in the app layer). */
export function FrontDeskWithFolio() {
  return <FrontDeskPage folioSection={BookingFolio} />;
}
