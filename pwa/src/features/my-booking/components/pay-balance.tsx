import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Lock from '@mui/icons-material/Lock';
import { GUEST_BOOKING_MESSAGES, GuestPaymentRequest, type GuestBookingResponse } from '@shared/contracts/guest-bookings.js';
import { formatRandToCent } from '@shared/format.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { loadPaystack, PaystackLoadError } from '@/lib/load-paystack.js';
import { verifyPayment } from '@/features/payments/api/use-verify-payment.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { useStartBalancePayment } from '../api/guest-booking.js';

type Outcome = { kind: 'error' | 'warning'; title: string; text: string } | { kind: 'paid'; amount: number };

const OFFLINE_TEXT = 'You appear to be offline. Paying needs an internet connection; nothing has been charged. Try again when you have signal.';

/**
 * The amount the guest typed, checked as the API checks it (at least R1, at most the
 * balance), so a mistake is told at once with the API's own words.
 */
function checkAmount(text: string, balance: number): { amount: number } | { error: string } {
  const parsed = GuestPaymentRequest.safeParse({ amount: text.trim() });
  if (!parsed.success || parsed.data.amount === undefined) return { error: GUEST_BOOKING_MESSAGES.amountTooSmall };
  if (parsed.data.amount > balance) return { error: GUEST_BOOKING_MESSAGES.amountTooLarge(formatRandToCent(balance)) };
  return { amount: parsed.data.amount };
}

/**
 * Pay the balance (or part of it) by card: the Paystack popup opened as the booking flow opens
 * it, then the payment verified by the API, which records it in the ledger.
 */
export function PayBalance({
  token,
  booking,
  disabled,
  onPaid,
}: {
  token: string;
  booking: GuestBookingResponse;
  disabled: boolean;
  /** Reads the booking again once the payment is verified. */
  onPaid: () => Promise<unknown>;
}) {
  const settings = usePublicSettings().data;
  const start = useStartBalancePayment(token);
  const [text, setText] = useState(booking.balanceDue.toFixed(2));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A second tap before React re-renders the disabled button is ignored.
  const inFlight = useRef(false);
  // After a payment the field offers what is left.
  useEffect(() => setText(booking.balanceDue.toFixed(2)), [booking.balanceDue]);

  const finish = (next: Outcome | null) => {
    setOutcome(next);
    setBusy(false);
    inFlight.current = false;
  };

  async function pay() {
    if (inFlight.current) return;
    const checked = checkAmount(text, booking.balanceDue);
    if ('error' in checked) return setFieldError(checked.error);
    setFieldError(null);
    if (!settings) return finish({ kind: 'error', title: PAYMENT_TITLES.failed, text: OFFLINE_TEXT });
    inFlight.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const PaystackPop = await loadPaystack(settings.paystackInlineScriptUrl);
      const init = await start.mutateAsync(checked.amount);
      new PaystackPop().resumeTransaction(init.access_code, {
        onSuccess: (transaction) => {
          verifyPayment(transaction.reference || init.reference)
            .then(async (verified) => {
              await onPaid().catch(() => undefined);
              finish({ kind: 'paid', amount: verified.amount });
            })
            .catch((err: unknown) =>
              finish({
                kind: 'error',
                title: PAYMENT_TITLES.verificationFailed,
                text: isNetworkError(err)
                  ? 'Your payment went through but we could not confirm it yet because the connection dropped. Refresh this page when you have signal.'
                  : (serverMessage(err) ?? 'We could not confirm your payment. Please contact the lodge.'),
              }),
            );
        },
        onCancel: () => finish({ kind: 'warning', title: 'Payment cancelled', text: 'Nothing was charged. You can pay whenever you are ready.' }),
        onError: (error) => finish({ kind: 'error', title: PAYMENT_TITLES.failed, text: error?.message || 'The payment could not be started. Please try again.' }),
      });
    } catch (err) {
      if (err instanceof PaystackLoadError) {
        return finish({ kind: 'error', title: 'Failed to load payment system', text: 'Please check your connection and try again.' });
      }
      if (isNetworkError(err)) return finish({ kind: 'error', title: PAYMENT_TITLES.failed, text: OFFLINE_TEXT });
      const status = err instanceof ApiError ? err.status : undefined;
      const fieldMessage = err instanceof ApiError ? err.fieldErrors.amount : undefined;
      if (status === 400 && fieldMessage) {
        setFieldError(fieldMessage);
        return finish(null);
      }
      finish({ kind: 'error', title: PAYMENT_TITLES.failed, text: serverMessage(err) ?? GUEST_BOOKING_MESSAGES.paymentUnavailable });
    }
  }

  if (booking.balanceDue <= 0 && !outcome) return null;
  const checked = checkAmount(text, booking.balanceDue);
  const label = busy ? 'Processing...' : 'amount' in checked ? `Pay ${formatRandToCent(checked.amount)} by card` : 'Pay by card';

  return (
    <Stack spacing={2} component="section" aria-labelledby="pay-balance-heading">
      <Typography variant="h6" component="h2" id="pay-balance-heading">
        Pay balance
      </Typography>
      {outcome?.kind === 'paid' && (
        <Alert severity="success" role="status">
          <AlertTitle>Payment received</AlertTitle>
          Thank you: {formatRandToCent(outcome.amount)} has been paid.{' '}
          {booking.balanceDue > 0 ? `The balance is now ${formatRandToCent(booking.balanceDue)}.` : 'Your booking is paid in full.'}
        </Alert>
      )}
      {outcome && outcome.kind !== 'paid' && (
        <Alert severity={outcome.kind} role="alert">
          <AlertTitle>{outcome.title}</AlertTitle>
          {outcome.text}
        </Alert>
      )}
      {booking.balanceDue > 0 && (
        <>
          <Typography variant="body2" color="text.secondary">
            Pay the balance now by card, or a smaller amount if you prefer to pay in parts. Payments are processed securely by Paystack.
          </Typography>
          <TextField
            label="Amount to pay"
            name="amount"
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? `At least R1.00, at most ${formatRandToCent(booking.balanceDue)}`}
            disabled={disabled || busy}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">R</InputAdornment> } }}
            sx={{ maxWidth: { sm: 280 } }}
          />
          <Button
            variant="contained"
            size="large"
            onClick={() => void pay()}
            disabled={disabled || busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Lock />}
            sx={{ alignSelf: { sm: 'flex-start' }, py: 1.5 }}
          >
            {label}
          </Button>
        </>
      )}
    </Stack>
  );
}

const PAYMENT_TITLES = { failed: 'Payment failed', verificationFailed: 'Payment verification failed' } as const;
