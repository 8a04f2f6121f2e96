import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { BOOKING_MESSAGES, type Booking } from '@shared/contracts/bookings.js';
import { formatStayDate } from '@shared/format.js';

/** The action's name wherever a Manager is offered it (the desk's panel, Booking Management). */
export const EARLY_CHECK_IN = 'Early check-in';

/**
 * A Manager's or SuperAdmin's check-in before the arrival date: the one place the date guard
 * is overridden, so it names the arrival date and asks why (required, at most 500 characters,
 * as the API's override reason; kept in the audit log). Styled as the other status questions.
 */
export function EarlyCheckInDialog({
  booking,
  onClose,
  onConfirm,
}: {
  /** The booking asked about; null: closed. */
  booking: Pick<Booking, 'guestName' | 'checkInDate'> | null;
  onClose: () => void;
  onConfirm: (reason: string) => void | Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = booking !== null;
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
      setBusy(false);
    }
  }, [open]);
  if (!booking) return null;

  const confirm = async () => {
    if (!reason.trim()) {
      setError(BOOKING_MESSAGES.overrideReasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="early-check-in-title">
      <DialogTitle id="early-check-in-title">Check in {booking.guestName} early?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          This guest arrives on {formatStayDate(booking.checkInDate)}. Checking in before the arrival date needs a Manager&apos;s reason, kept in the audit log.
        </DialogContentText>
        <TextField
          autoFocus
          label="Reason for early check-in"
          required
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          value={reason}
          error={error !== null}
          helperText={error ?? `${reason.length}/500`}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setError(null);
          }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          Not yet
        </Button>
        <Button variant="contained" sx={{ minHeight: 44 }} disabled={busy} onClick={() => void confirm()}>
          Check in early
        </Button>
      </DialogActions>
    </Dialog>
  );
}
