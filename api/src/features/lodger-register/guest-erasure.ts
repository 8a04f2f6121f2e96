import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { SessionUser } from '../auth/session-user.js';
import type { GuestErasureResponse } from '../../../../shared/contracts/lodger-register.js';
import { addDays, todayInLodge, type IsoDate } from '../../../../shared/domain/dates.js';
import { isPastRetention } from '../../../../shared/domain/lodger-register.js';
import { recordAudit } from '../audit/record-audit.js';
import { anonymiseGuest } from '../bookings/erase-guest.js';
import { getBookings } from '../bookings/queries.js';
import { eraseEnquiriesOf } from '../contact/erase-guest.js';
import { eraseEmailsOf } from '../email/erase-guest.js';
import { revokeGuestLinksOf } from '../guest-bookings/erase-guest.js';
import { listInvoices } from '../invoices/invoices.service.js';
import { eraseProofsOf } from '../payment-proofs/erase-guest.js';
import { getSettings } from '../settings/settings.service.js';
import { eraseWaitlistEntriesOf } from '../waitlist/erase-guest.js';
import * as repo from './register-inspection.repo.js';

/**
 * A guest's erasure request (POPIA s24), done by a SuperAdmin: the guest's personal data is
 * anonymised wherever no law requires it be kept, in one transaction, and the answer says what
 * was erased and what was kept, why and until when. Kept: register entries inside their
 * retention (they are purged on schedule by the retention job) and invoices (immutable, kept
 * for tax). Register entries already past their retention are de-identified now.
 */
export const ERASURE_REASONS = {
  register: 'Immigration Act s40 and regulation 36 require the register for 24 months after the stay',
  invoices: 'Tax law (Tax Administration Act s29) requires invoices to be kept for 5 years',
} as const;

export const GUEST_NOT_FOUND = 'Guest not found';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The first lodge day on which the retention purge de-identifies a stay that ended on checkOut. */
function purgeDateOf(checkOut: IsoDate, months: number): IsoDate {
  const [y, m, d] = checkOut.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const approx = new Date(Date.UTC(Math.floor(total / 12), total % 12, Math.min(d, 28)));
  let day = addDays(approx.toISOString().slice(0, 10), -3);
  while (!isPastRetention(checkOut, day, months)) day = addDays(day, 1);
  return day;
}

function addYears(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

export async function eraseGuest(deps: Pick<Deps, 'db' | 'clock'>, user: SessionUser, guestId: string): Promise<GuestErasureResponse> {
  const now = deps.clock.now();
  const today = todayInLodge(now);
  return deps.db.transaction(async (trx) => {
    const guest = await anonymiseGuest(trx, guestId);
    if (!guest) throw new NotFoundError(GUEST_NOT_FOUND, 'not_found');
    const { bookingIds } = guest;
    const settings = await getSettings(trx);
    const months = settings.registerRetentionMonths;

    const erased: string[] = [
      'Name, e-mail address, phone number and home address on the guest record',
      ...(bookingIds.length ? [`Name, e-mail address and special requests on ${plural(bookingIds.length, 'booking', 'bookings')}`] : []),
    ];
    const kept: GuestErasureResponse['kept'] = [];

    const links = await revokeGuestLinksOf(trx, bookingIds);
    if (links) erased.push(`${plural(links, 'link', 'links')} to the booking page (no longer work)`);
    const proofs = await eraseProofsOf(trx, bookingIds);
    if (proofs) erased.push(`${plural(proofs, 'proof of payment', 'proofs of payment')} (the payments stay in the ledger)`);
    const { count: enquiries, emailKeys } = guest.email ? await eraseEnquiriesOf(trx, guest.email) : { count: 0, emailKeys: [] };
    if (enquiries) erased.push(`${plural(enquiries, 'contact form message', 'contact form messages')}`);
    const waitlisted = guest.email ? await eraseWaitlistEntriesOf(trx, guest.email) : { count: 0, emailKeys: [] };
    if (waitlisted.count) erased.push(`${plural(waitlisted.count, 'waitlist request', 'waitlist requests')}`);
    const emails = await eraseEmailsOf(trx, guest.email, bookingIds, [...emailKeys, ...waitlisted.emailKeys]);
    if (emails) erased.push(`${plural(emails, 'e-mail', 'e-mails')} to or about the guest (address and text)`);

    const bookings = new Map((await getBookings(trx, bookingIds)).map((b) => [b.id, b]));
    const live = await repo.liveEntriesOfBookings(trx, bookingIds);
    const due = live.filter((e) => isPastRetention(e.check_out_date, today, months));
    const purged = await repo.deidentifyEntries(trx, due.map((e) => e.id), now);
    if (purged) erased.push(`${plural(purged, 'register entry', 'register entries')} past the retention period, with their signature and ID copy`);
    const inside = new Map<string, number>();
    for (const e of live.filter((x) => !due.includes(x))) inside.set(e.booking_id, (inside.get(e.booking_id) ?? 0) + 1);
    for (const [bookingId, count] of inside) {
      const booking = bookings.get(bookingId)!;
      kept.push({
        what: `${plural(count, 'register entry', 'register entries')} of the stay ${booking.reference} (${booking.checkInDate} to ${booking.checkOutDate})`,
        why: ERASURE_REASONS.register,
        until: purgeDateOf(booking.checkOutDate, months),
      });
    }

    let invoiceCount = 0;
    for (const bookingId of bookingIds) {
      for (const invoice of await listInvoices(trx, { from: undefined, to: undefined, bookingId })) {
        invoiceCount += 1;
        kept.push({
          what: `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number} of ${invoice.issueDate}, with the guest's name and address as issued`,
          why: ERASURE_REASONS.invoices,
          until: addYears(invoice.issueDate, 5),
        });
      }
    }

    await recordAudit(trx, {
      actor: user,
      action: 'guest.erased',
      entityType: 'guest',
      entityId: guestId,
      after: {
        bookings: bookingIds.length,
        registerEntriesPurged: purged,
        registerEntriesKept: live.length - due.length,
        invoicesKept: invoiceCount,
        emails,
        enquiries,
        waitlistRequests: waitlisted.count,
        proofs,
        links,
      },
    });
    return { guestId, erased, kept };
  });
}
