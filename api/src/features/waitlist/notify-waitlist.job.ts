import type { Deps } from '../../deps.js';
import { guestLinkBase } from '../../config.js';
import { runExclusive } from '../../db/advisory-lock.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import { waitlistBookingPath } from '../../../../shared/domain/waitlist.js';
import { getTypeNames } from '../accommodations/queries.js';
import { availabilityIn } from '../availability/availability.service.js';
import { enqueueEmail } from '../email/email.service.js';
import { waitlistOpening } from '../email/email.templates.js';
import { getSettings, lodgeDetailsOf } from '../settings/settings.service.js';
import * as repo from './waitlist.repo.js';

/**
 * The waitlist job: works off the nights freed since its last run (freed-nights.ts). Each
 * waiting entry whose stay shares a night with them, oldest first, is checked against
 * availability now (its type has a unit free for every night of its stay): if so, its e-mail
 * is queued and the entry marked told, in one transaction, so it is told once (the outbox's
 * dedupe key says so twice over). An entry whose type is still full keeps waiting for the
 * next freed nights. Entries whose check-in has passed are expired and never told.
 * One instance at a time (an advisory lock per run), the ranges claimed with SKIP LOCKED.
 */
export async function notifyWaitlist(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>,
  opts: { limit?: number } = {},
): Promise<{ notified: number }> {
  const now = deps.clock.now();
  const result = await runExclusive(deps.db, 'waitlist-notify', async (trx) => {
    const freed = await repo.claimFreedNights(trx, opts.limit ?? 500);
    if (freed.length === 0) return 0;
    const ranges = freed.map((f) => ({ start: f.start_date, end: f.end_date }));
    const entries = await repo.claimWaitingOverlapping(trx, ranges, todayInLodge(now));
    let notified = 0;
    if (entries.length > 0) {
      const lodge = lodgeDetailsOf(await getSettings(trx));
      const names = await getTypeNames(trx, [...new Set(entries.map((e) => e.accommodation_type_id))]);
      for (const e of entries) {
        const stay = { accommodationTypeId: e.accommodation_type_id, checkIn: e.check_in_date, checkOut: e.check_out_date };
        if (!(await availabilityIn(trx, stay)).available) continue;
        const bookUrl = `${guestLinkBase(deps.config)}${waitlistBookingPath({ ...stay, guests: e.number_of_guests })}`;
        const entry = { name: e.name, accommodationName: names.get(e.accommodation_type_id) ?? 'Your accommodation', checkIn: e.check_in_date, checkOut: e.check_out_date, guests: e.number_of_guests };
        await enqueueEmail(trx, { to: e.email, ...waitlistOpening({ lodge, entry, bookUrl }), dedupeKey: `waitlist-opening:${e.id}` });
        await repo.markNotified(trx, e.id, now);
        notified++;
      }
    }
    await repo.deleteFreedNights(trx, freed.map((f) => f.id));
    return notified;
  });
  const notified = result.ran ? result.value : 0;
  if (notified > 0) deps.log.info({ notified }, 'waitlist guests told of freed nights');
  return { notified };
}
