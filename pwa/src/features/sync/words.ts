import type { BookingStatus } from '@shared/domain/booking-status.js';
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
    case 'folio.addCharge':
      return args ? `Charge added (${String(args.quantity)} × extra)` : 'Charge added';
    default:
      return entry.op;
  }
}
