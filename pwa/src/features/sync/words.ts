import type { BookingStatus } from '@shared/domain/booking-status.js';
import { formatStayDay } from '@shared/format.js';
import { STATUS_ACTION } from '@/lib/status-actions.js';
import type { OutboxEntry } from '@/offline/db.js';

/** "1 change", "3 changes". */
export function changesPhrase(n: number): string {
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
}

/** An outbox entry's operation in words: "Check in", "Payment received (Cash)", ... */
export function operationInWords(entry: Pick<OutboxEntry, 'op'> & { args?: OutboxEntry['args'] }): string {
  // The outcome log keeps no args: then the kind of change is all there is to say.
  const args = entry.args as Record<string, unknown> | undefined;
  switch (entry.op) {
    case 'booking.setStatus':
      if (!args) return 'Status change';
      return STATUS_ACTION[args.status as BookingStatus] ?? `Set status to ${String(args.status)}`;
    case 'booking.setSpecialRequests':
      if (!args) return 'Special requests';
      return args.specialRequests ? 'Special requests updated' : 'Special requests cleared';
    case 'booking.paymentReceived':
      return args ? `Payment received (${String(args.method)})` : 'Payment received';
    case 'unit.setActive':
      if (!args) return 'Unit active flag';
      return args.isActive ? 'Unit made active' : 'Unit made inactive';
    case 'unit.setHousekeeping':
      return args ? `Unit marked ${String(args.status)}` : 'Housekeeping status';
    case 'register.upsertEntry':
      // Never the guest's names or ID number: the Sync page is seen by anyone at the desk.
      return 'Register entry';
    case 'folio.addCharge':
      return args ? `Charge added (${String(args.quantity)} × extra)` : 'Charge added';
    case 'booking.releaseNights':
      return args ? `Remaining nights released (left ${formatStayDay(String(args.departureDate))})` : 'Remaining nights released';
    default:
      return entry.op;
  }
}
