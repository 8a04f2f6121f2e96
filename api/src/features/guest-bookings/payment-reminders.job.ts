import type { Deps } from '../../deps.js';
import { runExclusive } from '../../db/advisory-lock.js';
import { addDays, compareIsoDates, todayInLodge, type IsoDate } from '../../../../shared/domain/dates.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { balanceReminder } from '../email/email.templates.js';
import { bookingForEmail, enqueueGuestEmail } from '../bookings/booking-emails.js';
import { getBooking } from '../bookings/queries.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import { issueGuestLink } from './guest-links.js';
import * as repo from './guest-bookings.repo.js';

/**
 * Balance reminders: reminderDays before a booking's balance-due date ('before_due', sent on
 * the first run inside that window, so a day the job did not run is caught up) and on the due
 * date itself ('on_due'), each once per booking, kind and due date: the payment_reminders row
 * is claimed in the same transaction as the e-mail is queued, so a second run, a second
 * instance or a retry finds it taken. A due date moved later is a new reminder. Only
 * bookings with a balance left that are not cancelled; an overdue balance is the dashboard's.
 */
export async function sendPaymentReminders(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const today = todayInLodge(now);
  const result = await runExclusive(deps.db, 'payment-reminders', async (trx) => {
    const settings = await getSettings(trx);
    const candidates = await repo.listBalancesDueBetween(trx, today, addDays(today, settings.reminderDays));
    let sent = 0;
    for (const c of candidates) {
      const kind = reminderKind(c.balanceDueDate, today, settings.reminderDays);
      if (!kind) continue;
      if (!(await repo.claimReminder(trx, { bookingId: c.bookingId, kind, dueDate: c.balanceDueDate, at: now }))) continue;
      const booking = (await getBooking(trx, c.bookingId))!;
      // A walk-in or phone guest without an address: no reminder (the claim stays, so a later
      // run does not try again; the desk sees the balance on the dashboard).
      if (!booking.guestEmail) continue;
      const manageUrl = await issueGuestLink(trx, deps.config, booking);
      await enqueueGuestEmail(trx, booking, {
        ...balanceReminder({
          lodge: lodgeDetailsOf(settings),
          booking: { ...bookingForEmail(booking), manageUrl },
          balanceCents: randToCents(booking.balanceDue ?? 0),
          dueDate: c.balanceDueDate,
          dueToday: kind === 'on_due',
        }),
        dedupeKey: `balance-reminder:${booking.id}:${kind}:${c.balanceDueDate}`,
      });
      sent += 1;
    }
    return sent;
  });
  return { sent: result.ran ? result.value : 0 };
}

/** Which reminder today is for a balance due on dueDate, if any. */
export function reminderKind(dueDate: IsoDate, today: IsoDate, reminderDays: number): repo.ReminderKind | null {
  const cmp = compareIsoDates(today, dueDate);
  if (cmp === 0) return 'on_due';
  if (cmp < 0 && reminderDays > 0 && compareIsoDates(today, addDays(dueDate, -reminderDays)) >= 0) return 'before_due';
  return null;
}
