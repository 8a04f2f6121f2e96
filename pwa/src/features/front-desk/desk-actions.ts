import { useCallback } from 'react';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import { allowedNextStatuses } from '@shared/domain/booking-status.js';
import type { Role } from '@shared/roles.js';
import { useToast } from '@/components/toast/use-toast.js';
import {
  OfflineEditError,
  markPaymentReceived,
  setBookingStatus,
  setSpecialRequests,
  useOnline,
  type DeskBooking,
} from '@/offline/index.js';
import { STATUS_ACTION } from '@/features/sync/words.js';

/** The status moves the desk offers, in the order of a stay (docs/product.md, Front Desk: confirm, check in, check out, cancel). */
export const DESK_MOVES = ['Confirmed', 'Checked-In', 'Checked-Out', 'Cancelled'] as const satisfies readonly BookingStatus[];
export type DeskMove = (typeof DESK_MOVES)[number];

/**
 * The moves the state machine allows this role from the booking's status (as the desk sees
 * it, edits on the way included). Confirm is offered for a Provisional booking only: from
 * Checked-In or Cancelled it would be a correction or a reopening, which belong to the
 * bookings page, not to the front desk's buttons.
 */
export function deskMoves(booking: Pick<DeskBooking, 'status'>, role: Role | null | undefined): DeskMove[] {
  if (!role) return [];
  const allowed = allowedNextStatuses(booking.status, role);
  return DESK_MOVES.filter((to) => to !== booking.status && allowed.includes(to) && (to !== 'Confirmed' || booking.status === 'Provisional'));
}

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
    async (title: string, guest: string, edit: () => Promise<unknown>): Promise<boolean> => {
      try {
        const queued = await edit();
        toast({
          title: `${title}: ${guest}`,
          description: queued === null ? 'Nothing to change: it already is so.' : online ? 'Saved. Sending to the server.' : 'Saved on this device. It is sent when the connection is back.',
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
    saveSpecialRequests: (booking: DeskBooking, text: string) =>
      run('Special requests saved', booking.guestName, () => setSpecialRequests(booking.id, text.trim() === '' ? null : text.trim())),
    paymentReceived: (booking: DeskBooking, method: 'Cash' | 'EFT' | 'Card') =>
      run(`Payment received (${method})`, booking.guestName, () => markPaymentReceived(booking.id, method)),
  };
}

export { STATUS_ACTION };
