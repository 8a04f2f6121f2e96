import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Invoice, InvoiceSummary, type CreditNoteRequestInput } from '@shared/contracts/invoices.js';
import { apiFetch, withParams } from '@/lib/api.js';

/** Invoices and credit notes (SuperAdmin, Manager): online only, the server numbers them. */

export interface InvoiceFilter {
  from?: string;
  to?: string;
  bookingId?: string;
}

const invoicesKey = (filter: InvoiceFilter) => ['invoices', filter] as const;

/** GET /api/admin/invoices: by issue date, or one booking's. */
export function useInvoices(filter: InvoiceFilter, enabled = true) {
  return useQuery({
    queryKey: invoicesKey(filter),
    queryFn: () => apiFetch('/api/admin/invoices', { params: { ...filter }, schema: z.array(InvoiceSummary) }),
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** The PDF of one document (the browser opens or saves it; the session cookie goes along). */
export const invoicePdfUrl = (id: string) => `/api/admin/invoices/${id}/pdf`;

/** The accountant's CSV for a period. */
export const invoicesCsvUrl = (filter: Pick<InvoiceFilter, 'from' | 'to'>) => withParams('/api/admin/invoices.csv', { ...filter });

/** POST /api/admin/bookings/:id/invoices: a tax invoice for what is not invoiced yet. */
export function useIssueInvoice(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/admin/bookings/${bookingId}/invoices`, { method: 'POST', schema: Invoice }),
    // The folio's lines name the invoice that covers them: read it again too.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['invoices'] }), queryClient.invalidateQueries({ queryKey: ['folio', bookingId] })]),
  });
}

/** POST /api/admin/invoices/:id/credit-notes */
export function useCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, ...body }: CreditNoteRequestInput & { invoiceId: string }) =>
      apiFetch(`/api/admin/invoices/${invoiceId}/credit-notes`, { method: 'POST', body, schema: Invoice }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}
