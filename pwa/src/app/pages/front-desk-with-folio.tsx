import { FrontDeskPage } from '@/features/front-desk/front-desk-page.js';
import { lazyPage } from '@/lib/lazy-page.js';

/**
 * The folio and invoices (folio-and-invoices.tsx), loaded when the desk is idle (the desk calls
 * its preload): they are only drawn in an opened booking's panel, so a cold start does not
 * evaluate them before the lists.
 */
const FolioAndInvoices = lazyPage(() => import('./folio-and-invoices.js'), (m) => m.FolioAndInvoices, { drawWhenLoaded: true });

/** The front desk with the folio and invoices features' sections in its guest panel (composed here, in the app layer). */
export function FrontDeskWithFolio() {
  return <FrontDeskPage folioSection={FolioAndInvoices} />;
}
