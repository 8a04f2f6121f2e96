import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { GuestBookingResponse, GuestCancelResponse } from '@shared/contracts/guest-bookings.js';
import { formatRandToCent } from '@shared/format.js';
import { ApiError, isNetworkError, serverMessage } from '@/lib/api.js';
import { useCancelGuestBooking } from '../api/guest-booking.js';

/** What the policy gives today, in the words the guest confirms against. */
function refundSentence(c: GuestBookingResponse['cancellation']): string {
  if (c.refundAmount <= 0) return 'Under the lodge’s cancellation policy, no refund is due if you cancel today.';
  return `You will be refunded ${formatRandToCent(c.refundAmount)} (${c.refundPercent}% of what you have paid).`;
}

/**
 * Cancel booking: the dialog states the refund before the guest confirms; the page then shows
 * the refund the API answered.
 */
export function CancelBooking({
  token,
  booking,
  disabled,
  onCancelled,
}: {
  token: string;
  booking: GuestBookingResponse;
  disabled: boolean;
  onCancelled: (result: GuestCancelResponse) => void;
}) {
  const cancel = useCancelGuestBooking(token);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');

  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    cancel.reset();
  };
  const confirm = () =>
    cancel.mutate(
      { reason: reason.trim() || undefined },
      {
        onSuccess: (result) => {
          setOpen(false);
          onCancelled(result);
        },
      },
    );

  const fieldError = cancel.error instanceof ApiError ? cancel.error.fieldErrors.reason : undefined;
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} disabled={disabled} sx={{ alignSelf: { sm: 'flex-start' } }}>
        Cancel booking
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="cancel-title" fullWidth maxWidth="xs">
        <DialogTitle id="cancel-title">Cancel booking {booking.reference}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ color: 'text.primary', fontWeight: 600, mb: 2 }} data-testid="refund-preview">
            {refundSentence(booking.cancellation)}
          </DialogContentText>
          <DialogContentText sx={{ mb: 2 }}>Your stay will be released and this cannot be undone.</DialogContentText>
          <TextField
            label="Reason (optional)"
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? ' '}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {cancel.isError && !fieldError && (
            <Alert severity="error" role="alert">
              {isNetworkError(cancel.error)
                ? 'You appear to be offline. Cancelling needs an internet connection; your booking has not been cancelled.'
                : (serverMessage(cancel.error) ?? 'The booking could not be cancelled. Please try again.')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={cancel.isPending}>
            Keep my booking
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={confirm}
            disabled={cancel.isPending}
            startIcon={cancel.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel my booking'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
