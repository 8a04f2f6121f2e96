import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { PaymentHistoryResponse, PaymentTransaction } from '@shared/contracts/payments.js';
import type { PaymentStatus } from '@shared/domain/booking-status.js';
import { centsToRand, randToCents } from '@shared/domain/money.js';
import { can } from '@shared/roles.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { PaymentReceivedButtons } from '@/components/payment-received-buttons.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { useDeskActions } from '@/features/front-desk/api/desk-actions.js';
import { errorText, needsConnection } from '@/lib/api.js';
import { downloadCsv } from '@/lib/csv.js';
import { formatLodgeDateTime, formatRand } from '@shared/format.js';
import { useBooking, useOnline } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { paymentHistoryKey, usePaymentHistory } from './api/payment-history.js';
import { useRefundBooking } from './api/refund-booking.js';
import { PaymentStatusBadge, paymentBadgeColours, paymentStatusLabel } from '@/components/payment-status-badge.js';
import {
  transactionMethodLabel,
  transactionStatusLabel,
  transactionTypeLabel,
  transactionsCsv,
} from './payment-words.js';
import { checkRefundAmountText } from './refund-amount.js';

export const REFUND_NEEDS_CONNECTION = needsConnection('A refund');
export const REFUND_PROCESSED = { title: 'Refund Processed', description: 'Payment refund has been initiated successfully!' } as const;
export const REFUND_FAILED = { title: 'Refund Failed', fallback: 'Failed to process refund' } as const;

/**
 * Statuses with money that may go back. The spec offers a refund on Paid only; a partly
 * refunded or deposit-paid booking may still have some left, which the server allows and
 * the ledger bounds, so the rest can be refunded too.
 */
const REFUNDABLE: readonly PaymentStatus[] = ['Paid', 'Deposit Paid', 'Partially Refunded'];
/** "Payment received" is for money still owed: an EFT hold, or a card checkout that failed. */
const AWAITING_PAYMENT: readonly PaymentStatus[] = ['Pending', 'Failed'];

type RefundKind = 'full' | 'partial';

/**
 * A booking's payments for SuperAdmin and Manager (docs/product.md, Payments and
 * refunds): the ledger's summary and transactions, CSV, full and partial refunds, and
 * "Payment received" for a booking still waiting for its money. Other roles see nothing.
 */
export function BookingPayments({ bookingId }: { bookingId: string }) {
  const { user } = useAuth();
  const role = user?.role ?? null;
  if (!can(role, 'managePayments')) return null;
  return <PaymentsSection bookingId={bookingId} canRefund={can(role, 'refunds')} />;
}

function PaymentsSection({ bookingId, canRefund }: { bookingId: string; canRefund: boolean }) {
  const booking = useBooking(bookingId);
  const online = useOnline();
  const history = usePaymentHistory(bookingId, online);
  const actions = useDeskActions();
  const [refunding, setRefunding] = useState<RefundKind | null>(null);
  const queryClient = useQueryClient();

  // The ledger's new row once the server has the payment: the history read when the section
  // opened is out of date as soon as the outbox entry is applied (the booking's version moves
  // and it is no longer pending), so it is read again then. Without this the section kept
  // showing "Total Paid R0" after the server had recorded the money.
  const serverVersion = booking && !booking.pendingSync ? booking.version : null;
  const seenVersion = useRef(serverVersion);
  useEffect(() => {
    if (serverVersion === null || serverVersion === seenVersion.current) return;
    seenVersion.current = serverVersion;
    if (online) void queryClient.invalidateQueries({ queryKey: paymentHistoryKey(bookingId) });
  }, [serverVersion, online, bookingId, queryClient]);

  if (booking === undefined) return null;
  const paymentStatus = paymentStatusLabel(booking?.paymentStatus);
  const summary = history.data?.summary;
  const refundableCents = summary ? Math.max(0, randToCents(summary.totalPaid) - randToCents(summary.totalRefunded)) : 0;
  const mayRefund = canRefund && REFUNDABLE.includes(paymentStatus) && refundableCents > 0;
  const awaiting = booking !== null && AWAITING_PAYMENT.includes(paymentStatus) && booking.status !== 'Cancelled';
  // What the server records: the total less what the ledger already holds (the whole total offline).
  const amountOwed = booking ? Math.max(0, booking.totalAmount - (summary?.netAmount ?? 0)) : 0;

  return (
    <Box component="section" aria-labelledby={`payments-${bookingId}`} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Typography id={`payments-${bookingId}`} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          Payments
        </Typography>
        <PaymentStatusBadge status={paymentStatus} />
      </Stack>

      {online && history.isPending && <Typography color="text.secondary">Loading payments...</Typography>}
      {!history.data && (history.isError || !online) && (
        <Box sx={{ mb: 2 }}>
          <LoadProblem error={history.error} what="The payment history" onRetry={() => void history.refetch()} />
        </Box>
      )}

      {history.data && <HistoryView history={history.data} bookingRef={booking?.reference ?? bookingId.slice(0, 8)} />}

      {(canRefund || awaiting) && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {canRefund && REFUNDABLE.includes(paymentStatus) && (
            <Box>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Button variant="outlined" color="error" disabled={!online || !mayRefund} onClick={() => setRefunding('full')} sx={{ minHeight: 44 }}>
                  Full Refund
                </Button>
                <Button variant="outlined" color="error" disabled={!online || !mayRefund} onClick={() => setRefunding('partial')} sx={{ minHeight: 44 }}>
                  Partial Refund
                </Button>
              </Stack>
              {!online && (
                <Typography variant="body2" sx={{ mt: 1, color: '#7c2d12' }}>
                  {REFUND_NEEDS_CONNECTION}
                </Typography>
              )}
            </Box>
          )}
          {awaiting && (
            <Box>
              <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
                Payment received
              </Typography>
              <PaymentReceivedButtons amount={amountOwed} guestName={booking.guestName} onReceived={(method) => void actions.paymentReceived(booking, method)} />
            </Box>
          )}
        </Stack>
      )}

      {booking && history.data && (
        <RefundDialog
          kind={refunding}
          booking={booking}
          refundableCents={refundableCents}
          cardRefundableCents={cardRefundableCents(history.data.transactions)}
          online={online}
          onClose={() => setRefunding(null)}
        />
      )}
    </Box>
  );
}

/**
 * As the server decides (refunds.service): a refund goes back to the booking's card charges
 * first (Paystack), up to what is left of them; the rest is paid out by hand.
 */
function cardRefundableCents(transactions: readonly PaymentTransaction[]): number {
  const charged = transactions
    .filter((t) => t.type === 'payment' && t.status === 'success' && t.subtype === 'card' && !!t.gatewayReference)
    .reduce((sum, t) => sum + randToCents(Math.abs(t.amount)), 0);
  const refunded = transactions
    .filter((t) => t.type === 'refund' && t.status !== 'failed' && t.subtype === 'card')
    .reduce((sum, t) => sum + randToCents(Math.abs(t.amount)), 0);
  return Math.max(0, charged - refunded);
}

function HistoryView({ history, bookingRef }: { history: PaymentHistoryResponse; bookingRef: string }) {
  const { summary, transactions } = history;
  const figures: [string, number][] = [
    ['Total Paid', summary.totalPaid],
    ['Total Refunded', summary.totalRefunded],
    ['Discounts', summary.totalDiscounts],
    ['Net Amount', summary.netAmount],
  ];
  return (
    <>
      <Box
        component="dl"
        aria-label="Payment summary"
        sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1 }}
      >
        {figures.map(([term, value]) => (
          <Box key={term} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {formatRand(value)}
            </Typography>
          </Box>
        ))}
      </Box>

      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
          Transactions
        </Typography>
        <Button
          size="small"
          startIcon={<Download />}
          disabled={transactions.length === 0}
          onClick={() => downloadCsv(`payments-${bookingRef}.csv`, transactionsCsv(transactions))}
          sx={{ minHeight: 44 }}
        >
          Export CSV
        </Button>
      </Stack>
      {transactions.length === 0 ? (
        <Typography color="text.secondary">No transactions yet.</Typography>
      ) : (
        <Box component="ul" aria-label="Transactions" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {transactions.map((t) => (
            <TransactionRow key={t.id} transaction={t} />
          ))}
        </Box>
      )}
    </>
  );
}

function TransactionRow({ transaction: t }: { transaction: PaymentTransaction }) {
  const status = transactionStatusLabel(t);
  const c = paymentBadgeColours(t.status);
  return (
    <Box component="li" sx={{ px: 1.5, py: 1, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
          {t.description}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: t.amount < 0 ? '#991b1b' : '#14532d' }}>
          {formatRand(t.amount)}
        </Typography>
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {formatLodgeDateTime(t.createdAt)} · {transactionTypeLabel(t)} · {transactionMethodLabel(t)}
          {t.gatewayReference ? ` · ${t.gatewayReference}` : ''}
        </Typography>
        <Chip size="small" label={status} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 600, height: 22 }} />
      </Stack>
    </Box>
  );
}

/**
 * Both refund kinds ask for confirmation first (docs/product.md, Payments and refunds); a partial one asks
 * for the amount, checks it, then asks.
 */
function RefundDialog({
  kind,
  booking,
  refundableCents,
  cardRefundableCents,
  online,
  onClose,
}: {
  kind: RefundKind | null;
  booking: DeskBooking;
  refundableCents: number;
  /** How much of a refund can go back to cards through Paystack. */
  cardRefundableCents: number;
  online: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const refund = useRefundBooking(booking.id);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [confirmCents, setConfirmCents] = useState<number | null>(null);

  const close = () => {
    setAmountText('');
    setAmountError(null);
    setReason('');
    setConfirmCents(null);
    onClose();
  };
  const confirming = kind === 'full' || confirmCents !== null;
  const cents = kind === 'full' ? refundableCents : (confirmCents ?? 0);

  const next = () => {
    const check = checkRefundAmountText(amountText, refundableCents);
    if (!check.ok) {
      setAmountError(check.description);
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return;
    }
    setAmountError(null);
    setConfirmCents(check.cents);
  };

  const confirm = async () => {
    try {
      await refund.mutateAsync({
        ...(kind === 'partial' ? { amount: centsToRand(cents) } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      toast({ ...REFUND_PROCESSED, variant: 'success' });
      close();
    } catch (err) {
      toast({ title: REFUND_FAILED.title, description: errorText(err, REFUND_FAILED.fallback, REFUND_NEEDS_CONNECTION), variant: 'destructive' });
    }
  };

  const title = kind === 'full' ? 'Full Refund' : 'Partial Refund';
  return (
    <Dialog open={kind !== null} onClose={refund.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>{confirming ? 'Confirm Refund' : title}</DialogTitle>
      <DialogContent>
        {!confirming ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>Up to {formatRand(centsToRand(refundableCents))} can be refunded.</DialogContentText>
            <TextField
              label="Refund amount (R)"
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
              error={amountError !== null}
              helperText={amountError ?? ' '}
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') next();
              }}
            />
          </Stack>
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              Refund {formatRand(centsToRand(cents))} to {booking.guestName} ({booking.reference})?{' '}
              {cents <= cardRefundableCents
                ? 'The refund is processed immediately with Paystack and goes back to the card the guest paid with.'
                : cardRefundableCents === 0
                  ? 'It is recorded as paid out by hand: pay the guest back by EFT or in cash.'
                  : `${formatRand(centsToRand(cardRefundableCents))} goes back to the card through Paystack; the other ${formatRand(centsToRand(cents - cardRefundableCents))} is recorded as paid out by hand: pay the guest back by EFT or in cash.`}
            </DialogContentText>
            <TextField label="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Stack>
        )}
        {!online && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {REFUND_NEEDS_CONNECTION}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {kind === 'partial' && confirming ? (
          <Button onClick={() => setConfirmCents(null)} disabled={refund.isPending}>
            Back
          </Button>
        ) : (
          <Button onClick={close} disabled={refund.isPending}>
            Cancel
          </Button>
        )}
        {confirming ? (
          <Button variant="contained" color="error" onClick={() => void confirm()} disabled={refund.isPending || !online}>
            {refund.isPending ? 'Processing...' : 'Confirm Refund'}
          </Button>
        ) : (
          <Button variant="contained" onClick={next} disabled={!online}>
            Continue
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
