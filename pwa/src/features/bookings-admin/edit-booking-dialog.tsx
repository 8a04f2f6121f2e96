import { useEffect, useState } from 'react';
import { bookingPlaceLabel } from '@shared/format.js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { allowedNextStatuses, offersEarlyCheckIn, type BookingStatus } from '@shared/domain/booking-status.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { StatusConfirmDialog, needsStatusConfirm, type CheckOutChoice } from '@/components/status-confirm-dialog.js';
import { EARLY_CHECK_IN, EarlyCheckInDialog } from '@/components/early-check-in-dialog.js';
import type { Role } from '@shared/roles.js';
import { OfflineEditError, checkOutGuest, setBookingStatus, setSpecialRequests } from '@/offline/outbox.js';
import { releaseWaitingText, remainingNights } from '@/lib/early-departure.js';
import type { DeskBooking } from '@/offline/queries.js';
import { useToast } from '@/components/toast/use-toast.js';
import { errorText } from '@/lib/api.js';
import { updateBookingOnline } from './api/update-booking.js';
import { checkInEarly } from './api/early-check-in.js';
import { EDITABLE_PAYMENT_STATUSES, EDIT_PAYMENT_METHODS, editFormOf, isEmptyPlan, needsNetwork, planEdit, type EditBookingForm } from './edit-booking.js';
import { shortId } from './bookings-list.js';

/** Shown when payment or total edits are tried without the network. */
export const EDIT_NEEDS_CONNECTION = 'Payment status, payment method and total need a connection. Status and special requests are saved on this device and sent when it is back online.';

const METHOD_LABELS = { Card: 'Credit Card', EFT: 'EFT', Cash: 'Cash' } as const;

/**
 * The edit dialog of Booking Management (docs/product.md, Booking Management): status and special
 * requests go through the outbox, so they work offline like the table's status change;
 * payment status, method and total go to the server at once and need the network.
 */
export function EditBookingDialog({ booking, role, online, onClose }: { booking: DeskBooking | null; role: Role | null; online: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const [form, setForm] = useState<EditBookingForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<BookingStatus | null>(null);
  const [early, setEarly] = useState(false);
  // Filled when a booking is opened, not on every live update of it (that would wipe typing).
  const openedId = booking?.id ?? null;
  useEffect(() => setForm(booking ? editFormOf(booking) : null), [openedId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!booking || !form) return <Dialog open={false} />;
  const before = editFormOf(booking);
  const plan = planEdit(before, form);
  const blocked = !('error' in plan) && needsNetwork(plan) && !online;
  // With the lodge's date: no check-in offered before the arrival date.
  const dates = { today: todayInLodge(new Date()), checkInDate: booking.checkInDate };
  const statuses = role ? allowedNextStatuses(booking.status, role, dates) : [booking.status];
  // A guest arriving later: a Manager or SuperAdmin may check them in early, with a reason,
  // as a step of its own (the other fields of the form are left as they are).
  const earlyOffered = !booking.isEntireLodgeChild && offersEarlyCheckIn(booking.status, role, dates);
  const paymentStatuses = (EDITABLE_PAYMENT_STATUSES as readonly string[]).includes(before.paymentStatus)
    ? EDITABLE_PAYMENT_STATUSES
    : [before.paymentStatus, ...EDITABLE_PAYMENT_STATUSES];
  const set = <K extends keyof EditBookingForm>(key: K, value: EditBookingForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const save = async (confirmed?: { reason?: string; choice?: CheckOutChoice }) => {
    if ('error' in plan) return toast({ title: 'Validation Error', description: plan.error, variant: 'destructive' });
    if (isEmptyPlan(plan)) return onClose();
    // A cancellation asks for its reason; a check-out with money owed names the amount.
    if (!confirmed && plan.status !== undefined && needsStatusConfirm(booking, plan.status)) return setAsking(plan.status);
    setAsking(null);
    setBusy(true);
    try {
      // The server's edit first: the outbox entries then start from the version it answers with.
      if (needsNetwork(plan)) await updateBookingOnline(booking.id, { ...plan.online, version: booking.version });
      const releasing = plan.status === 'Checked-Out' && confirmed?.choice?.releaseNights === true;
      const nights = releasing ? remainingNights(booking) : 0;
      if (releasing) await checkOutGuest(booking.id, { releaseNights: true });
      else if (plan.status !== undefined) await setBookingStatus(booking.id, plan.status, plan.status === 'Cancelled' ? confirmed?.reason : undefined);
      if (plan.specialRequests !== undefined) await setSpecialRequests(booking.id, plan.specialRequests);
      toast({ title: 'Booking updated successfully!', ...(releasing ? { description: releaseWaitingText(nights, online) } : {}), variant: 'success' });
      onClose();
    } catch (err) {
      const description = err instanceof OfflineEditError ? err.message : errorText(err, 'Failed to update booking', EDIT_NEEDS_CONNECTION);
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const earlyCheckIn = async (reason: string) => {
    try {
      await checkInEarly(booking, reason, online);
      toast({ title: 'Booking updated successfully!', variant: 'success' });
      setEarly(false);
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: err instanceof OfflineEditError ? err.message : errorText(err, 'Failed to update booking'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="edit-booking-title">
      <DialogTitle id="edit-booking-title">Edit Booking {shortId(booking.id)}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {booking.guestName} · {bookingPlaceLabel(booking)} · {booking.checkInDate} to {booking.checkOutDate}
        </Typography>
        {blocked && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {EDIT_NEEDS_CONNECTION}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select fullWidth label="Status" value={form.status} onChange={(e) => set('status', e.target.value as EditBookingForm['status'])}>
              {statuses.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            {earlyOffered && (
              <Button variant="outlined" size="small" onClick={() => setEarly(true)} sx={{ mt: 1, minHeight: 40 }}>
                {EARLY_CHECK_IN}
              </Button>
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select fullWidth label="Payment Status" value={form.paymentStatus} onChange={(e) => set('paymentStatus', e.target.value as EditBookingForm['paymentStatus'])}>
              {paymentStatuses.map((s) => (
                <MenuItem key={s} value={s} disabled={!(EDITABLE_PAYMENT_STATUSES as readonly string[]).includes(s)}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select fullWidth label="Payment Method" value={form.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value as EditBookingForm['paymentMethod'])}>
              {EDIT_PAYMENT_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {METHOD_LABELS[m]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label="Total Amount (R)"
              type="number"
              value={form.totalAmount}
              onChange={(e) => set('totalAmount', e.target.value)}
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField fullWidth multiline minRows={2} label="Special Requests" value={form.specialRequests} onChange={(e) => set('specialRequests', e.target.value)} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || blocked}>
          Save Changes
        </Button>
      </DialogActions>
      <StatusConfirmDialog booking={booking} to={asking} onClose={() => setAsking(null)} onConfirm={(reason, choice) => save({ reason, choice })} />
      <EarlyCheckInDialog booking={early ? booking : null} onClose={() => setEarly(false)} onConfirm={earlyCheckIn} />
    </Dialog>
  );
}
