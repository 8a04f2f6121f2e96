import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import type { InvoiceSummary } from '@shared/contracts/invoices.js';
import { CreditNoteRequest } from '@shared/contracts/invoices.js';
import { can } from '@shared/roles.js';
import { formatMonthDayYear, formatRandToCent } from '@shared/format.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { errorText, needsConnection } from '@/lib/api.js';
import { useBooking, useOnline } from '@/offline/hooks.js';
import { invoicePdfUrl, useCreditNote, useInvoices, useIssueInvoice } from './api/invoices.js';

export const INVOICES_NEED_CONNECTION = needsConnection('Invoicing');

const kindLabel = (row: InvoiceSummary) => (row.kind === 'invoice' ? 'Invoice' : `Credit note for ${row.creditedInvoiceNumber}`);

/** A document's PDF link: opens in the browser, or saves under its number. */
export function PdfLink({ row }: { row: Pick<InvoiceSummary, 'id' | 'number'> }) {
  return (
    <Link href={invoicePdfUrl(row.id)} download={`${row.number}.pdf`} aria-label={`PDF of ${row.number}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}>
      <PictureAsPdf fontSize="small" />
      PDF
    </Link>
  );
}

/**
 * A booking's invoices and credit notes in its details dialog (SuperAdmin, Manager): each
 * with its PDF, "Issue invoice" for what the folio holds that is not invoiced yet, and a
 * credit note against an invoice. Online only: the server numbers every document.
 */
export function BookingInvoices({ bookingId }: { bookingId: string }) {
  const { user } = useAuth();
  if (!can(user?.role ?? null, 'invoices')) return null;
  return <InvoicesSection bookingId={bookingId} />;
}

function InvoicesSection({ bookingId }: { bookingId: string }) {
  const online = useOnline();
  const list = useInvoices({ bookingId }, online);
  const issue = useIssueInvoice(bookingId);
  const booking = useBooking(bookingId);
  // A refund issues a credit note on the server; the booking's new version (its payment
  // status, from the sync that follows the refund) is the sign to read the list again.
  const version = booking && !booking.pendingSync ? booking.version : null;
  const seen = useRef(version);
  const { refetch } = list;
  useEffect(() => {
    if (version === null || version === seen.current) return;
    seen.current = version;
    if (online) void refetch();
  }, [version, online, refetch]);
  const { toast } = useToast();
  const [crediting, setCrediting] = useState<InvoiceSummary | null>(null);

  const onIssue = () =>
    issue.mutate(undefined, {
      onSuccess: (invoice) => toast({ title: 'Invoice issued', description: `${invoice.number}, ${formatRandToCent(invoice.total)}`, variant: 'success' }),
      onError: (err) => toast({ title: 'No invoice issued', description: errorText(err, 'Failed to issue the invoice', INVOICES_NEED_CONNECTION), variant: 'destructive' }),
    });

  return (
    <Box component="section" aria-labelledby={`invoices-${bookingId}`} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={`invoices-${bookingId}`} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Invoices
        </Typography>
        <Button variant="contained" disabled={!online || issue.isPending} onClick={onIssue} sx={{ minHeight: 44 }}>
          Issue invoice
        </Button>
      </Stack>
      {!online && (
        <Typography variant="body2" sx={{ mb: 1, color: '#7c2d12' }}>
          {INVOICES_NEED_CONNECTION}
        </Typography>
      )}
      {online && list.isPending && <Typography color="text.secondary">Loading invoices...</Typography>}
      {list.isError && <LoadProblem error={list.error} what="The invoices" onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && <Typography color="text.secondary">No invoices yet.</Typography>}
      {list.data && list.data.length > 0 && (
        <Stack component="ul" aria-label="Invoices and credit notes" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data.map((row) => (
            <Box
              component="li"
              key={row.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{row.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {kindLabel(row)} · {formatMonthDayYear(row.issueDate)}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600 }}>{row.kind === 'credit_note' ? `-${formatRandToCent(row.total)}` : formatRandToCent(row.total)}</Typography>
              <PdfLink row={row} />
              {row.kind === 'invoice' && row.creditable > 0 && (
                <Button size="small" color="error" variant="outlined" disabled={!online} onClick={() => setCrediting(row)} sx={{ minHeight: 44 }}>
                  Credit note
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />
    </Box>
  );
}

function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceSummary | null; onClose: () => void }) {
  const credit = useCreditNote();
  const { toast } = useToast();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setAmount('');
    setReason('');
    setErrors({});
    onClose();
  };
  const submit = () => {
    if (!invoice) return;
    const parsed = CreditNoteRequest.safeParse({ amount, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    if (parsed.data.amount > invoice.creditable) {
      setErrors({ amount: `Only ${formatRandToCent(invoice.creditable)} of this invoice is left to credit` });
      return;
    }
    credit.mutate(
      { invoiceId: invoice.id, amount: parsed.data.amount, reason: parsed.data.reason },
      {
        onSuccess: (note) => {
          toast({ title: 'Credit note issued', description: `${note.number}, ${formatRandToCent(note.total)}`, variant: 'success' });
          close();
        },
        onError: (err) => toast({ title: 'No credit note issued', description: errorText(err, 'Failed to issue the credit note', INVOICES_NEED_CONNECTION), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog open={invoice !== null} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>Credit note{invoice ? ` for ${invoice.number}` : ''}</DialogTitle>
      <DialogContent>
        {invoice && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Up to {formatRandToCent(invoice.creditable)} is left to credit on this invoice.
          </Typography>
        )}
        <Stack spacing={2}>
          <TextField
            label="Amount (R)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            error={!!errors.amount}
            helperText={errors.amount}
            required
            fullWidth
          />
          <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={!!errors.reason} helperText={errors.reason} required fullWidth multiline minRows={2} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={credit.isPending}>
          Issue credit note
        </Button>
      </DialogActions>
    </Dialog>
  );
}
