import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentsAttentionResponse } from '@shared/contracts/desk-money.js';
import { can, type Role } from '@shared/roles.js';
import { formatLodgeDateTime, formatMonthDayYear, formatRandToCent } from '@shared/format.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { useToast } from '@/components/toast/use-toast.js';
import { NetworkError, errorText } from '@/lib/api.js';
import { useMarkRefundPaid, usePaymentsAttention } from './api/payments-attention.js';

type RefundOwed = PaymentsAttentionResponse['eftRefundsOwed'][number];

const bookingLink = (bookingId: string) => `/admin/bookings?booking=${bookingId}`;

/**
 * Money the desk has to act on: balances past their due date, proofs of EFT the guests sent
 * that nobody has checked, and refunds owed by EFT to guests who cancelled (a manager pays
 * those from the bank, then marks them refunded here). Read from the server, so it is left
 * out when this device is offline.
 */
export function PaymentsAttentionCard({ role }: { role: Role | null | undefined }) {
  const attention = usePaymentsAttention();
  const [confirming, setConfirming] = useState<RefundOwed | null>(null);
  if (attention.error instanceof NetworkError) return null;
  if (attention.isError)
    return (
      <Frame>
        <LoadProblem error={attention.error} what="Payments needing attention" onRetry={() => void attention.refetch()} />
      </Frame>
    );
  const data = attention.data;
  if (!data) return null;
  const { overdueBalances, proofsToCheck, eftRefundsOwed } = data;
  const empty = overdueBalances.length + proofsToCheck.length + eftRefundsOwed.length === 0;
  const mayRefund = can(role, 'refunds');

  return (
    <Frame>
      {empty ? (
        <Typography color="text.secondary">Nothing needs attention.</Typography>
      ) : (
        <Stack spacing={2}>
          {overdueBalances.length > 0 && (
            <Part title="Overdue balances">
              {overdueBalances.map((b) => (
                <Row
                  key={b.bookingId}
                  bookingId={b.bookingId}
                  reference={b.reference}
                  guestName={b.guestName}
                  amount={formatRandToCent(b.balanceDue)}
                  detail={`Was due ${formatMonthDayYear(b.balanceDueDate)} · arrives ${formatMonthDayYear(b.checkInDate)}`}
                />
              ))}
            </Part>
          )}
          {proofsToCheck.length > 0 && (
            <Part title="EFT proofs to check">
              {proofsToCheck.map((p) => (
                <Row
                  key={p.proofId}
                  bookingId={p.bookingId}
                  reference={p.reference}
                  guestName={p.guestName}
                  amount={p.balanceDue > 0 ? `${formatRandToCent(p.balanceDue)} owing` : 'Paid'}
                  detail={`${p.fileName} · sent ${formatLodgeDateTime(p.uploadedAt)}`}
                />
              ))}
            </Part>
          )}
          {eftRefundsOwed.length > 0 && (
            <Part title="EFT refunds owed">
              {eftRefundsOwed.map((r) => (
                <Row
                  key={r.refundId}
                  bookingId={r.bookingId}
                  reference={r.reference}
                  guestName={r.guestName}
                  amount={formatRandToCent(r.amount)}
                  detail={`Cancelled ${formatLodgeDateTime(r.requestedAt)}`}
                  action={
                    mayRefund ? (
                      <Button size="small" variant="outlined" onClick={() => setConfirming(r)} aria-label={`Mark refund to ${r.guestName} refunded`} sx={{ minHeight: 40 }}>
                        Mark refunded
                      </Button>
                    ) : undefined
                  }
                />
              ))}
            </Part>
          )}
        </Stack>
      )}
      <MarkRefundedDialog refund={confirming} onClose={() => setConfirming(null)} />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Card component="section" aria-label="Payments needing attention" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Payments needing attention
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {children}
      </Stack>
    </Box>
  );
}

function Row(props: { bookingId: string; reference: string; guestName: string; amount: string; detail: string; action?: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography>
          <Link component={RouterLink} to={bookingLink(props.bookingId)} sx={{ fontWeight: 600 }}>
            {props.reference}
          </Link>{' '}
          · {props.guestName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {props.detail}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{props.amount}</Typography>
      {props.action}
    </Box>
  );
}

function MarkRefundedDialog({ refund, onClose }: { refund: RefundOwed | null; onClose: () => void }) {
  const mark = useMarkRefundPaid();
  const { toast } = useToast();
  const onConfirm = () => {
    if (!refund) return;
    mark.mutate(refund.refundId, {
      onSuccess: () => {
        toast({ title: 'Refund recorded', description: `${formatRandToCent(refund.amount)} to ${refund.guestName}`, variant: 'success' });
        onClose();
      },
      onError: (err) => toast({ title: 'Not recorded', description: errorText(err, 'Failed to record the refund'), variant: 'destructive' }),
    });
  };
  return (
    <Dialog open={!!refund} onClose={onClose} aria-labelledby="mark-refunded-title">
      <DialogTitle id="mark-refunded-title">Mark refunded?</DialogTitle>
      <DialogContent>
        {refund && (
          <DialogContentText>
            Record that {formatRandToCent(refund.amount)} was paid back to {refund.guestName} ({refund.reference}) by EFT. Do this once the money has left the
            lodge's bank account.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={mark.isPending} sx={{ minHeight: 44 }}>
          Mark refunded
        </Button>
      </DialogActions>
    </Dialog>
  );
}
