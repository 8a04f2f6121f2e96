import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { BookingStatus } from '@shared/domain/booking-status.js';
import { LODGE_TIME_ZONE } from '@/lib/lodge-time.js';
import { STATUS_ACTION } from '@/lib/status-actions.js';
import type { OutboxEntry } from '@/offline/db.js';

/** "1 change", "3 changes". */
export function changesPhrase(n: number): string {
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
}

/** HH:mm at the lodge, whatever the device's zone. */
export function lodgeTime(iso: string | Date): string {
  return format(new TZDate(new Date(iso).getTime(), LODGE_TIME_ZONE), 'HH:mm');
}

/** "14 Mar, 14:32" at the lodge. */
export function lodgeDateTime(iso: string | Date): string {
  return format(new TZDate(new Date(iso).getTime(), LODGE_TIME_ZONE), 'd MMM, HH:mm');
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
    default:
      return entry.op;
  }
}
