import type { Deps } from '../../deps.js';
import type { SessionUser } from '../auth/session-user.js';
import { NotFoundError, ValidationError, unknownId } from '../../errors.js';
import { compareIsoDates, todayInLodge } from '../../../../shared/domain/dates.js';
import { waitlistStatus } from '../../../../shared/domain/waitlist.js';
import {
  WAITLIST_MESSAGES as M,
  type JoinWaitlistRequest,
  type JoinWaitlistResponse,
  type WaitlistEntry,
} from '../../../../shared/contracts/waitlist.js';
import { getTypeNames, getTypeSummary } from '../accommodations/queries.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './waitlist.repo.js';

/**
 * POST /api/waitlist: a guest who found nothing free leaves their stay and how to reach them.
 * The type must be one guests can book (active); nobody waits for nights already past. The
 * same request still waiting (address, type and stay) answers with its id rather than a second.
 */
export async function joinWaitlist(deps: Pick<Deps, 'db' | 'clock'>, input: JoinWaitlistRequest): Promise<JoinWaitlistResponse> {
  const now = deps.clock.now();
  if (compareIsoDates(input.checkIn, todayInLodge(now)) < 0) {
    throw new ValidationError(`checkIn: ${M.checkInPast}`, 'validation_error', { checkIn: M.checkInPast });
  }
  const type = await getTypeSummary(deps.db, input.accommodationTypeId);
  if (!type || !type.isActive) throw unknownId('accommodationTypeId', M.typeNotFound);
  // Joined twice (a second tap, a reload) is one request: one e-mail, one place in the order.
  const id = (await repo.findWaitingSame(deps.db, input)) ?? (await repo.insertEntry(deps.db, input, now));
  return { id, message: M.joined };
}

/** GET /api/admin/waitlist: every entry, oldest first, with its status on the lodge's date. */
export async function listWaitlist(deps: Pick<Deps, 'db' | 'clock'>): Promise<WaitlistEntry[]> {
  const rows = await repo.listEntries(deps.db);
  const names = await getTypeNames(deps.db, [...new Set(rows.map((r) => r.accommodation_type_id))]);
  const today = todayInLodge(deps.clock.now());
  return rows.map((r) => {
    const notifiedAt = r.notified_at ? new Date(r.notified_at).toISOString() : null;
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      checkIn: r.check_in_date,
      checkOut: r.check_out_date,
      guests: r.number_of_guests,
      accommodationTypeId: r.accommodation_type_id,
      accommodationTypeName: names.get(r.accommodation_type_id) ?? '',
      createdAt: new Date(r.created_at).toISOString(),
      notifiedAt,
      status: waitlistStatus({ notifiedAt, checkIn: r.check_in_date }, today),
    };
  });
}

/** DELETE /api/admin/waitlist/:id: staff take a guest off the list (asked to, or booked by phone). */
export async function removeWaitlistEntry(deps: Pick<Deps, 'db'>, user: SessionUser, id: string): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const row = await repo.deleteEntry(trx, id);
    if (!row) throw new NotFoundError(M.entryNotFound, 'not_found');
    await recordAudit(trx, {
      actor: user,
      action: 'waitlist.remove',
      entityType: 'waitlist_entry',
      entityId: id,
      before: { name: row.name, checkIn: row.check_in_date, checkOut: row.check_out_date, guests: row.number_of_guests },
    });
  });
}
