import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { allowedNextStatuses, offersEarlyCheckIn, type BookingStatus } from '@shared/domain/booking-status.js';
import type { Role } from '@shared/roles.js';
import { OfflineEditError, checkOutGuest, setBookingStatus } from '@/offline/outbox.js';
import { releaseWaitingText, remainingNights } from '@/lib/early-departure.js';
import { useOnline } from '@/offline/hooks.js';
import type { DeskBooking } from '@/offline/queries.js';
import { NotSyncedChip, STATUS_COLOURS } from '@/components/booking-status-chip.js';
import { useToast } from '@/components/toast/use-toast.js';
import { StatusConfirmDialog, needsStatusConfirm, type CheckOutChoice } from '@/components/status-confirm-dialog.js';
import { EARLY_CHECK_IN, EarlyCheckInDialog } from '@/components/early-check-in-dialog.js';
import { errorText } from '@/lib/api.js';
import { todayInLodge } from '@shared/domain/dates.js';
import { checkInEarly } from '../api/early-check-in.js';
import { folioBalanceForCheckOut } from '@/features/folio/api/folio-api.js';

/** The select's value for the early check-in: not a status, a question that leads to one. */
const EARLY = 'early-check-in';

/**
 * The status as a chip-coloured select offering the moves the state machine allows this role;
 * for a guest arriving later, a Manager or SuperAdmin also finds the early check-in there.
 */
export function StatusSelect({ booking, role, fullWidth = true }: { booking: DeskBooking; role: Role | null; fullWidth?: boolean }) {
  const { toast } = useToast();
  const online = useOnline();
  const [asking, setAsking] = useState<BookingStatus | null>(null);
  const [early, setEarly] = useState(false);
  const [folioBalance, setFolioBalance] = useState<number | null>(null);
  // With the lodge's date: no check-in offered before the arrival date.
  const dates = { today: todayInLodge(new Date()), checkInDate: booking.checkInDate };
  const options = role ? allowedNextStatuses(booking.status, role, dates) : [booking.status];
  const earlyOffered = !booking.isEntireLodgeChild && offersEarlyCheckIn(booking.status, role, dates);
  const change = async (next: BookingStatus, reason?: string, confirmed = false, choice?: CheckOutChoice) => {
    if (next === booking.status) return;
    // A cancellation asks for its reason; a check-out with money owed names the amount, and one
    // before the check-out date asks whether to release the remaining nights.
    if (!confirmed) {
      const balance = next === 'Checked-Out' ? await folioBalanceForCheckOut(booking.id) : null;
      setFolioBalance(balance);
      if (needsStatusConfirm({ ...booking, folioBalance: balance }, next)) return setAsking(next);
    }
    setAsking(null);
    try {
      if (next === 'Checked-Out' && choice?.releaseNights) {
        const nights = remainingNights(booking);
        await checkOutGuest(booking.id, { releaseNights: true });
        toast({ title: 'Booking updated successfully!', description: releaseWaitingText(nights, online), variant: 'success' });
        return;
      }
      await setBookingStatus(booking.id, next, next === 'Cancelled' ? reason : undefined);
      toast({ title: 'Booking updated successfully!', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof OfflineEditError ? err.message : 'Failed to update booking', variant: 'destructive' });
    }
  };
  const earlyCheckIn = async (reason: string) => {
    try {
      await checkInEarly(booking, reason, online);
      setEarly(false);
      toast({ title: 'Booking updated successfully!', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: err instanceof OfflineEditError ? err.message : errorText(err, 'Failed to update booking'), variant: 'destructive' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        fullWidth={fullWidth}
        value={booking.status}
        onChange={(e) => (e.target.value === EARLY ? setEarly(true) : void change(e.target.value as BookingStatus))}
        slotProps={{ htmlInput: { 'aria-label': `Status of ${booking.guestName}` } }}
        sx={{ minWidth: 120, '& .MuiSelect-select': { fontSize: 14, bgcolor: STATUS_COLOURS[booking.status].bg, color: STATUS_COLOURS[booking.status].fg, fontWeight: 600 } }}
      >
        {options.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
        {earlyOffered && (
          <MenuItem value={EARLY}>
            {EARLY_CHECK_IN}…
          </MenuItem>
        )}
      </TextField>
      {booking.pendingSync && <NotSyncedChip />}
      <StatusConfirmDialog booking={{ ...booking, folioBalance }} to={asking} onClose={() => setAsking(null)} onConfirm={(reason, choice) => change(asking!, reason, true, choice)} />
      <EarlyCheckInDialog booking={early ? booking : null} onClose={() => setEarly(false)} onConfirm={earlyCheckIn} />
    </Stack>
  );
}
