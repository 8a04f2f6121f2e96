import { useEffect } from 'react';
import { FrontDeskPage } from '@/features/front-desk/front-desk-page.js';
import { lazyPage } from '@/lib/lazy-page.js';
import { useAfterIdle } from '@/lib/use-after-idle.js';

/**
 * The folio and invoices (folio-and-invoices.tsx), loaded when the desk is idle: they are only
 * drawn in an opened booking's panel, so a cold start does not evaluate them before the lists.
 */
const FolioAndInvoices = lazyPage(() => import('./folio-and-invoices.js'), (m) => m.FolioAndInvoices, { drawWhenLoaded: true });

/** The front desk with the folio and invoices features' sections in its guest panel (composed here, in the app layer). */
export function FrontDeskWithFolio() {
  const idle = useAfterIdle();
  useEffect(() => {
    if (idle) FolioAndInvoices.preload();
  }, [idle]);
  return <FrontDeskPage folioSection={FolioAndInvoices} />;
}
