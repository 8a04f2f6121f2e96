import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { serverMessage } from '@/lib/api.js';
import { useVerifyPayment } from './api/use-verify-payment.js';

const POPUP_CLOSE_MS = 2000;

type State = 'verifying' | 'success' | 'failed';

/** /payment-return?reference= (or trxref=): where the card provider sends the guest back. */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const verify = useVerifyPayment(reference);
  const popup = typeof window !== 'undefined' && Boolean(window.opener) && window.opener !== window;

  const state: State = !reference ? 'failed' : verify.isPending ? 'verifying' : verify.isSuccess ? 'success' : 'failed';
  const failure = !reference
    ? 'No payment reference found in URL parameters'
    : (serverMessage(verify.error) ?? 'Failed to verify payment. Please contact support.');

  usePopupHandOff(popup, state, reference);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 6, md: 10 } }}>
      <Card sx={{ maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }} aria-live="polite">
          {state === 'verifying' && (
            <>
              <CircularProgress aria-hidden sx={{ mb: 2 }} />
              <Typography variant="h5" component="h1" gutterBottom>
                Verifying Payment
              </Typography>
              <Typography color="text.secondary">Please wait while we confirm your payment...</Typography>
            </>
          )}
          {state === 'success' && (
            <>
              <CheckCircle color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
              <Typography variant="h5" component="h1" gutterBottom>
                Payment Successful
              </Typography>
              <Typography color="text.secondary">
                Your booking is confirmed and a confirmation e-mail is on its way.
                {verify.data?.bookingReference ? ` Booking reference: ${verify.data.bookingReference}` : ''}
              </Typography>
            </>
          )}
          {state === 'failed' && (
            <>
              <ErrorOutline color="error" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
              <Typography variant="h5" component="h1" gutterBottom>
                Payment Failed
              </Typography>
              <Typography color="text.secondary">{failure}</Typography>
            </>
          )}
          {popup && state !== 'verifying' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              This window will close automatically.
            </Typography>
          ) : (
            state !== 'verifying' && (
              <Button
                component={RouterLink}
                to={
                  state === 'success'
                    ? verify.data?.bookingReference
                      ? `/booking-confirmation?reference=${encodeURIComponent(verify.data.bookingReference)}`
                      : '/'
                    : '/contact'
                }
                variant="contained"
                sx={{ mt: 3 }}
              >
                {state === 'success' ? (verify.data?.bookingReference ? 'View Booking' : 'Back to Home') : 'Contact Us'}
              </Button>
            )
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** In a popup: tell the opener how it went, then close after 2 seconds. Once. */
function usePopupHandOff(popup: boolean, state: State, reference: string | null) {
  const done = useRef(false);
  useEffect(() => {
    if (!popup || state === 'verifying' || done.current) return;
    done.current = true;
    try {
      window.opener?.postMessage({ type: 'payment-complete', reference, success: state === 'success' }, window.location.origin);
    } catch {
      // The opener may have navigated away to another origin; closing is still right.
    }
    setTimeout(() => window.close(), POPUP_CLOSE_MS);
  }, [popup, state, reference]);
}
