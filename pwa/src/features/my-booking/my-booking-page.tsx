import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestBookingResponse, GuestCancelResponse } from '@shared/contracts/guest-bookings.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { isBalanceOverdue } from '@shared/domain/deposits.js';
import { formatLodgeDateTime, formatLodgeDateTimeSast, formatRandToCent, formatStayDate } from '@shared/format.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { useStayTimes } from '@/features/settings/api/use-public-settings.js';
import { useGuestBooking } from './api/guest-booking.js';
import { useBrowserOnline, useLastAnswer } from './last-answer.js';
import { CancelBooking } from './components/cancel-booking.js';
import { CheckInLink } from './components/check-in-link.js';
import { PayBalance } from './components/pay-balance.js';
import { ProofUpload } from './components/proof-upload.js';
import { RequestLinkForm } from './components/request-link-form.js';

/**
 * /my-booking/:token: the guest's own booking from the link in their e-mails, to pay the
 * balance, upload proof of an EFT or cancel. /my-booking (no token, or a link that no longer
 * works) asks for a new link.
 */
export function MyBookingPage() {
  const { token } = useParams();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        {token ? (
          <GuestBooking token={token} />
        ) : (
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              Manage your booking
            </Typography>
            <Typography color="text.secondary">
              Open the link in your confirmation e-mail to see your booking, pay the balance, upload proof of payment or cancel.
              Lost the e-mail? We can send you a new link.
            </Typography>
            <RequestLinkForm />
          </Stack>
        )}
        <Box sx={{ mt: 3 }}>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to Home
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}

function GuestBooking({ token }: { token: string }) {
  const query = useGuestBooking(token);
  const { last, save } = useLastAnswer(token, query.data !== undefined);
  const online = useBrowserOnline();
  const [cancelled, setCancelled] = useState<GuestCancelResponse | null>(null);

  useEffect(() => {
    if (query.data) save(query.data);
  }, [query.data, save]);

  if (query.data) {
    return (
      <BookingView
        token={token}
        booking={query.data}
        actionsOff={!online}
        notice={online ? null : <OfflineNotice savedAt={null} />}
        cancelled={cancelled}
        onCancelled={setCancelled}
        refetch={() => query.refetch()}
      />
    );
  }
  const weakSignal = query.isPending || isNetworkError(query.error);
  if (weakSignal && last) {
    return (
      <BookingView
        token={token}
        booking={last.booking}
        actionsOff
        notice={<OfflineNotice savedAt={last.savedAt} checking={query.isFetching} onRetry={() => void query.refetch()} />}
        cancelled={null}
        onCancelled={setCancelled}
        refetch={() => query.refetch()}
      />
    );
  }
  if (query.isPending) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading your booking">
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Manage your booking
        </Typography>
        <Alert severity="warning" role="alert">
          {serverMessage(query.error)}
        </Alert>
        <RequestLinkForm />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Manage your booking
      </Typography>
      <Alert
        severity={isNetworkError(query.error) ? 'warning' : 'error'}
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()} sx={{ fontWeight: 700 }}>
            Retry
          </Button>
        }
      >
        <AlertTitle>{isNetworkError(query.error) ? 'You appear to be offline' : 'Your booking could not be shown'}</AlertTitle>
        {isNetworkError(query.error)
          ? 'Showing your booking needs an internet connection the first time. Tap Retry when you have signal.'
          : (serverMessage(query.error) ?? 'Please try again.')}
      </Alert>
    </Stack>
  );
}

function OfflineNotice({ savedAt, checking = false, onRetry }: { savedAt: string | null; checking?: boolean; onRetry?: () => void }) {
  return (
    <Alert
      severity="warning"
      role="status"
      action={
        onRetry && !checking ? (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ fontWeight: 700 }}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{checking ? 'Checking for updates…' : 'You appear to be offline'}</AlertTitle>
      {savedAt ? `Last updated ${formatLodgeDateTimeSast(savedAt)}. ` : ''}
      Paying, uploading proof and cancelling need an internet connection.
    </Alert>
  );
}

function BookingView({
  token,
  booking,
  actionsOff,
  notice,
  cancelled,
  onCancelled,
  refetch,
}: {
  token: string;
  booking: GuestBookingResponse;
  actionsOff: boolean;
  notice: ReactNode;
  cancelled: GuestCancelResponse | null;
  onCancelled: (result: GuestCancelResponse) => void;
  refetch: () => Promise<unknown>;
}) {
  const times = useStayTimes();
  const isCancelled = booking.status === 'Cancelled';
  const paidInFull = !isCancelled && booking.balanceDue <= 0 && booking.amountPaid > 0;
  const overdue = isBalanceOverdue(booking.balanceDue, booking.balanceDueDate, todayInLodge(new Date()));
  const where = booking.unitName ? `${booking.accommodationName} · ${booking.unitName}` : booking.accommodationName;
  const upcoming = (booking.status === 'Provisional' || booking.status === 'Confirmed') && booking.checkInDate >= todayInLodge(new Date());
  const payment = isCancelled ? null : paidInFull ? 'Paid' : booking.amountPaid > 0 ? 'Deposit paid' : 'Not paid yet';

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {isCancelled ? 'Booking cancelled' : `Hello ${booking.guestName}`}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Booking reference
        </Typography>
        <Typography
          data-testid="booking-reference"
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '1.5rem', fontWeight: 700, letterSpacing: 2, overflowWrap: 'anywhere' }}
        >
          {booking.reference}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip data-testid="booking-status" label={booking.status} color={booking.status === 'Confirmed' ? 'success' : isCancelled ? 'default' : 'secondary'} size="small" />
          {payment && <Chip label={payment} variant="outlined" color={paidInFull ? 'success' : 'default'} size="small" data-testid="payment-status" />}
        </Stack>
      </Box>

      {notice}

      {cancelled && (
        <Alert severity="info" role="status">
          <AlertTitle>Your booking is cancelled</AlertTitle>
          Refund: {formatRandToCent(cancelled.refundAmount)}
          {cancelled.refundAmount > 0
            ? booking.paymentMethod === 'Card'
              ? '. It goes back to the card you paid with; banks take a few working days to show it.'
              : '. The lodge will pay it back to your bank account and let you know by e-mail.'
            : '.'}
        </Alert>
      )}

      <Box component="section" aria-label="Your stay">
        <Rows>
          <Row label="Accommodation" value={where} />
          <Row label="Check-in" value={`${formatStayDate(booking.checkInDate)}, from ${times.checkIn}`} />
          <Row label="Check-out" value={`${formatStayDate(booking.checkOutDate)}, by ${times.checkOut}`} />
          <Row label="Guests" value={String(booking.numberOfGuests)} />
        </Rows>
      </Box>

      {upcoming && !cancelled && (
        <>
          <Divider />
          <CheckInLink token={token} />
        </>
      )}

      <Divider />

      <Box component="section" aria-labelledby="money-heading">
        <Typography variant="h6" component="h2" id="money-heading" gutterBottom>
          Payment
        </Typography>
        <Rows>
          {booking.folio?.map((line, i) => <Row key={`${line.description}-${i}`} label={line.description} value={formatRandToCent(line.amount)} />)}
          <Row label="Total" value={formatRandToCent(booking.totalAmount)} strong />
          <Row label="Paid" value={formatRandToCent(booking.amountPaid)} testId="amount-paid" />
          {!isCancelled && <Row label="Balance" value={formatRandToCent(booking.balanceDue)} strong testId="balance-due" />}
          {!isCancelled && booking.balanceDue > 0 && booking.balanceDueDate && (
            <Row
              label="Due date"
              value={overdue ? `${formatStayDate(booking.balanceDueDate)} (overdue)` : formatStayDate(booking.balanceDueDate)}
              tone={overdue ? 'warning' : undefined}
              testId="balance-due-date"
            />
          )}
        </Rows>
        {overdue && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Your balance was due on {formatStayDate(booking.balanceDueDate!)}. Please pay it now, or contact the lodge if you have already paid.
          </Alert>
        )}
        {booking.payments.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Payments
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Payments">
              {booking.payments.map((p, i) => (
                <Box
                  component="li"
                  key={`${p.date}-${i}`}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Typography variant="body2">
                    {formatLodgeDateTime(p.date)} · {p.method}
                  </Typography>
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatRandToCent(p.kind === 'refund' ? -Math.abs(p.amount) : p.amount)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Box>

      {!isCancelled && booking.paymentMethod === 'EFT' && booking.balanceDue > 0 && booking.bank && (
        <Alert severity="info" icon={false}>
          <AlertTitle>Pay by EFT to</AlertTitle>
          <Rows dense>
            <Row label="Bank" value={booking.bank.bankName ?? '-'} />
            <Row label="Account holder" value={booking.bank.accountHolder ?? '-'} />
            <Row label="Account number" value={booking.bank.accountNumber ?? '-'} />
            <Row label="Branch code" value={booking.bank.branchCode ?? '-'} />
            <Row label="Reference" value={booking.reference} />
          </Rows>
        </Alert>
      )}

      {!isCancelled && booking.cardPaymentsAvailable !== false && (
        <PayBalance token={token} booking={booking} disabled={actionsOff} onPaid={refetch} />
      )}

      {!isCancelled && booking.paymentMethod === 'EFT' && booking.balanceDue > 0 && <ProofUpload token={token} booking={booking} disabled={actionsOff} />}

      <Divider />

      <Stack spacing={1.5} component="section" aria-labelledby="policy-heading">
        <Typography variant="h6" component="h2" id="policy-heading">
          Cancellation policy
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
          {booking.cancellation.policy.map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
        {!isCancelled && booking.cancellation.allowed && (
          <CancelBooking token={token} booking={booking} disabled={actionsOff} onCancelled={onCancelled} />
        )}
        {!isCancelled && !booking.cancellation.allowed && (
          <Typography variant="body2" color="text.secondary">
            This booking can no longer be cancelled here. Please contact the lodge.
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

function Rows({ children, dense = false }: { children: ReactNode; dense?: boolean }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: dense ? 0.5 : 1, m: 0 }}>
      {children}
    </Box>
  );
}

function Row({ label, value, strong = false, tone, testId }: { label: string; value: string; strong?: boolean; tone?: 'warning'; testId?: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={testId}
        sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500, color: tone === 'warning' ? 'warning.dark' : undefined, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </>
  );
}
