import { useCallback } from 'react';
import type { DeskMove } from '@shared/domain/stay-movement.js';
import { useToast } from '@/components/toast/use-toast.js';
import { OfflineEditError, checkOutGuest, markPaymentReceived, setBookingStatus, setSpecialRequests } from '@/offline/outbox.js';
import type { CheckOutChoice } from '@/components/status-confirm-dialog.js';
import { releaseWaitingText, remainingNights } from '@/lib/early-departure.js';
import { useOnline } from '@/offline/hooks.js';
import { checkInEarly } from '@/features/bookings-admin/api/early-check-in.js';
import type { DeskBooking } from '@/offline/queries.js';

export const MOVE_DONE: Record<DeskMove, string> = {
  Confirmed: 'Confirmed',
  'Checked-In': 'Checked in',
  'Checked-Out': 'Checked out',
  Cancelled: 'Cancelled',
};

/**
 * The desk's edits: each goes to the outbox at once (shown with "Not synced" until the
 * server has it) and says so; a refusal by the rules on the device is shown in words.
 */
export function useDeskActions() {
  const { toast } = useToast();
  const online = useOnline();

  const run = useCallback(
    async (title: string, guest: string, edit: () => Promise<unknown>, more?: string): Promise<boolean> => {
      try {
        const queued = await edit();
        const said =
          queued === null
            ? 'Nothing to change: it already is so.'
            : queued === 'saved'
              ? 'Saved.'
              : online
                ? 'Saved. Sending to the server.'
                : 'Saved on this device. It is sent when the connection is back.';
        toast({
          title: `${title}: ${guest}`,
          description: more ? `${said} ${more}` : said,
          variant: 'success',
        });
        return true;
      } catch (err) {
        const message = err instanceof OfflineEditError ? err.message : err instanceof Error ? err.message : String(err);
        toast({ title: 'Not saved', description: message, variant: 'destructive' });
        return false;
      }
    },
    [online, toast],
  );

  return {
    move: (booking: DeskBooking, to: DeskMove, reason?: string) =>
      run(MOVE_DONE[to], booking.guestName, () => setBookingStatus(booking.id, to, to === 'Cancelled' ? reason : undefined)),
    /**
     * A check-out; a guest leaving early with the remaining nights released too (the release
     * queued behind it, applied by the server: the toast says it waits for the network).
     */
    checkOut: (booking: DeskBooking, choice: CheckOutChoice) => {
      if (!choice.releaseNights) return run(MOVE_DONE['Checked-Out'], booking.guestName, () => setBookingStatus(booking.id, 'Checked-Out'));
      const nights = remainingNights(booking);
      return run(MOVE_DONE['Checked-Out'], booking.guestName, () => checkOutGuest(booking.id, { releaseNights: true }), releaseWaitingText(nights, online));
    },
    /** A Manager's check-in before the arrival date, with the reason (see checkInEarly). */
    checkInEarly: (booking: DeskBooking, reason: string) => run('Checked in early', booking.guestName, () => checkInEarly(booking, reason, online)),
    saveSpecialRequests: (booking: DeskBooking, text: string) =>
      run('Special requests saved', booking.guestName, () => setSpecialRequests(booking.id, text.trim() === '' ? null : text.trim())),
    paymentReceived: (booking: DeskBooking, method: 'Cash' | 'EFT' | 'Card') =>
      run(`Payment received (${method})`, booking.guestName, () => markPaymentReceived(booking.id, method)),
  };
}
