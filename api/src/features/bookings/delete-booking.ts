import type { Deps } from '../../deps.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { bookingHasInvoices } from '../invoices/invoices.service.js';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/invoices.js';
import { BOOKING_SERVICE_MESSAGES as M } from './booking-messages.js';
import { auditView } from './audit-view.js';
import { isBlockingStatus } from '../../../../shared/domain/booking-status.js';
import * as repo from './bookings.repo.js';
import { noteFreedNights } from '../waitlist/freed-nights.js';

/** DELETE /api/admin/bookings/:id (and the entire-lodge variant): children and ledger rows go with it. */
export async function deleteBooking(
  deps: Pick<Deps, 'db'>,
  user: SessionUser,
  id: string,
  opts: TxOptions & { entireLodgeOnly?: boolean } = {},
): Promise<void> {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const row = await repo.findBookingRowForUpdate(trx, id);
    const isParent = !!row && row.unit_id === null && row.parent_booking_id === null;
    if (!row || (opts.entireLodgeOnly && !isParent)) {
      throw new NotFoundError(opts.entireLodgeOnly ? M.entireLodgeNotFound : M.bookingNotFound, 'not_found');
    }
    if (row.is_entire_lodge_child && !opts.entireLodgeOnly) throw new ConflictError(M.childDelete, 'entire_lodge_child');
    // An issued invoice never goes away, so neither does the booking it names.
    if (await bookingHasInvoices(trx, id)) throw new ConflictError(INVOICE_MESSAGES.bookingHasInvoices, 'has_invoices');
    const snapshot = auditView((await repo.findBookingById(trx, id))!);
    await repo.deleteBookingWithChildren(trx, id);
    if (isBlockingStatus(row.status)) await noteFreedNights(trx, { start: row.check_in_date, end: row.check_out_date }, 'booking-deleted');
    await recordAudit(trx, {
      actor: user,
      action: 'booking.delete',
      entityType: 'booking',
      entityId: id,
      before: snapshot,
      note: isParent ? `${row.group_unit_count ? 'Group' : 'Entire-lodge'} booking deleted with its unit bookings` : undefined,
    });
  });
}
