import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Booking } from '@shared/contracts/bookings.js';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import Alert from '@mui/material/Alert';
import { formatRand, formatStayDate } from '@shared/format.js';
import { useOnline } from '@/offline/hooks.js';
import { RELEASE_EXPLAINED, RELEASE_OFFLINE_NOTE, releaseQuestion, remainingNights } from '@/lib/early-departure.js';

export const CANCEL_REASON_REQUIRED = 'Please give a reason for the cancellation';
/** The server e-mails the guest on every staff cancellation (the cancellation notice, with the reason). */
export const CANCEL_EMAIL_NOTE = 'The guest will be e-mailed a cancellation notice.';

type Money = Pick<Booking, 'paymentStatus' | 'totalAmount'> & {
  /**
   * The folio's balance (extras, levy, payments and refunds counted) when the device knows
   * it; null or absent: it never fetched the folio, and the payment status decides.
   */
  folioBalance?: number | null;
} & Partial<Pick<Booking, 'checkInDate' | 'checkOutDate' | 'originalCheckOutDate'>>;

/** The nights a check-out today leaves unused (0 when the stay's dates are not given). */
function earlyNights(b: Money): number {
  return b.checkInDate && b.checkOutDate ? remainingNights({ checkInDate: b.checkInDate, checkOutDate: b.checkOutDate, originalCheckOutDate: b.originalCheckOutDate }) : 0;
}

/** What the person at the desk chose for the check-out: release the remaining nights or not. */
export interface CheckOutChoice {
  releaseNights: boolean;
}

/**
 * What a guest still owes when checked out, as this device knows it. With the folio: its
 * balance, whichever way it goes (a guest owed money back is asked about too). Without it:
 * nothing once Paid (or refunded: the money went back on purpose); the whole total while the
 * payment is pending or failed; a deposit's balance needs the ledger, so it is shown as the
 * total with the deposit paid. Null: nothing to ask.
 */
export function checkOutWarning(b: Money): string | null {
  if (typeof b.folioBalance === 'number') {
    if (b.folioBalance > 0) return `Balance due ${formatRand(b.folioBalance)} on the folio — check out anyway?`;
    if (b.folioBalance < 0) return `The lodge owes the guest ${formatRand(-b.folioBalance)} on the folio — check out anyway?`;
    return null;
  }
  switch (b.paymentStatus) {
    case 'Pending':
    case 'Failed':
      return `Balance due ${formatRand(b.totalAmount)} (payment ${b.paymentStatus.toLowerCase()}) — check out anyway?`;
    case 'Deposit Paid':
      return `Only a deposit is paid of the ${formatRand(b.totalAmount)} total — check out anyway?`;
    default:
      return null;
  }
}

/**
 * The status moves that ask first: a cancellation always (with its reason), a check-out that
 * leaves money owed, and a check-out before the check-out date (release the remaining nights?).
 */
export function needsStatusConfirm(b: Money, to: BookingStatus): boolean {
  return to === 'Cancelled' || (to === 'Checked-Out' && (checkOutWarning(b) !== null || earlyNights(b) > 0));
}

/**
 * The question before a cancellation or a check-out with money owed. The cancellation needs a
 * reason (kept with the booking and put in the guest's e-mail); the check-out names the amount.
 */
export function StatusConfirmDialog({
  booking,
  to,
  onClose,
  onConfirm,
}: {
  booking: Pick<Booking, 'guestName' | 'paymentStatus' | 'totalAmount'> & { folioBalance?: number | null } & Partial<Pick<Booking, 'checkInDate' | 'checkOutDate' | 'originalCheckOutDate'>>;
  /** The move asked about; null: closed. */
  to: BookingStatus | null;
  onClose: () => void;
  /** A check-out says whether the remaining nights are released (false unless it was early). */
  onConfirm: (reason?: string, choice?: CheckOutChoice) => void | Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const open = to === 'Cancelled' || to === 'Checked-Out';
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);
  if (!open) return null;

  if (to === 'Checked-Out') {
    const warning = checkOutWarning(booking);
    const nights = earlyNights(booking);
    return (
      // Wider for the early departure's three answers, which then fit one row on a tablet.
      <Dialog open onClose={onClose} fullWidth maxWidth={nights > 0 ? 'sm' : 'xs'} aria-labelledby="check-out-confirm-title" aria-describedby="check-out-confirm-text">
        <DialogTitle id="check-out-confirm-title">Check out {booking.guestName}?</DialogTitle>
        <DialogContent id="check-out-confirm-text">
          {warning && <DialogContentText sx={{ mb: nights ? 2 : 0 }}>{warning}</DialogContentText>}
          {nights > 0 && (
            <>
              <DialogContentText sx={{ color: 'text.primary', fontWeight: 600 }}>
                Booked until {formatStayDate(booking.checkOutDate!)}. {releaseQuestion(nights)}
              </DialogContentText>
              <DialogContentText sx={{ mt: 1 }}>{RELEASE_EXPLAINED}</DialogContentText>
              {!online && (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {RELEASE_OFFLINE_NOTE}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            Not yet
          </Button>
          {nights > 0 ? (
            <>
              <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => void onConfirm(undefined, { releaseNights: false })}>
                Keep the nights
              </Button>
              <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => void onConfirm(undefined, { releaseNights: true })}>
                Release {nights === 1 ? '1 night' : `${nights} nights`}
              </Button>
            </>
          ) : (
            <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => void onConfirm(undefined, { releaseNights: false })}>
              Check out anyway
            </Button>
          )}
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-confirm-title">
      <DialogTitle id="cancel-confirm-title">Cancel the booking of {booking.guestName}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{CANCEL_EMAIL_NOTE}</DialogContentText>
        <TextField
          autoFocus
          label="Reason for cancellation"
          required
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          value={reason}
          error={error !== null}
          helperText={error ?? 'Kept with the booking and put in the e-mail.'}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setError(null);
          }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          Keep booking
        </Button>
        <Button
          color="error"
          variant="contained"
          sx={{ minHeight: 44 }}
          onClick={() => {
            if (!reason.trim()) {
              setError(CANCEL_REASON_REQUIRED);
              return;
            }
            void onConfirm(reason.trim());
          }}
        >
          Cancel booking
        </Button>
      </DialogActions>
    </Dialog>
  );
}
