import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Booking } from '@shared/contracts/bookings.js';
import { useToast } from '@/components/toast/use-toast.js';
import { NEEDS_CONNECTION, errorText } from '@/lib/api.js';
import { deleteBooking } from '../api/delete-booking.js';
import { shortId } from '../bookings-list.js';

/** Asks before deleting a booking; deleting goes straight to the server, so it needs a connection. */
export function DeleteBookingDialog({ booking, online, onClose }: { booking: Booking | null; online: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!booking) return;
    setBusy(true);
    try {
      await deleteBooking(booking);
      toast({ title: 'Booking deleted successfully!', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to delete booking'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={booking !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Delete Booking</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Are you sure you want to delete the booking {booking ? shortId(booking.id) : ''} of {booking?.guestName}? This cannot be undone.
        </DialogContentText>
        {!online && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {NEEDS_CONNECTION}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={busy || !online}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
