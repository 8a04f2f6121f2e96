import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, PG, pgCode, pgConstraint, ValidationError } from '../../errors.js';
import { compareIsoDates, todayInLodge } from '../../../../shared/domain/dates.js';
import type { OutOfOrderPeriod, Unit } from '../../../../shared/contracts/accommodations.js';
import { HOUSEKEEPING_MESSAGES as M, type CreateOutOfOrderRequest } from '../../../../shared/contracts/housekeeping.js';
import { getUnit, lockUnit } from '../accommodations/queries.js';
import { getBooking } from '../bookings/queries.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './housekeeping.repo.js';

/**
 * POST /api/admin/out-of-order: a unit out of service for [startDate, endDate) with the reason
 * (online only: whether a booking is in the way is the database's to say, under its lock). The
 * out_of_order_unit_free trigger refuses a period sharing a night with a live booking (23P01,
 * the booking's id in the detail): 409 naming that booking by reference and guest, nothing
 * written. From then on the unit is held for those nights for guests and staff alike
 * (unitHeldSql, and the bookings_unit_in_service trigger for every write).
 */
export async function createOutOfOrder(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: SessionUser,
  input: CreateOutOfOrderRequest,
  opts: TxOptions = {},
): Promise<{ period: OutOfOrderPeriod; unit: Unit }> {
  const today = todayInLodge(deps.clock.now());
  // A period that began in the past is history nobody can act on: 400 naming the field.
  if (compareIsoDates(input.startDate, today) < 0) {
    throw new ValidationError(`startDate: ${M.startInPast}`, 'validation_error', { startDate: M.startInPast });
  }
  return inTransaction(deps.db, opts.trx, async (trx) => {
    // A unit that does not exist is the body's bad field, as an unknown id in a body is elsewhere.
    if (!(await getUnit(trx, input.unitId))) throw new ValidationError(`unitId: ${M.unitNotFound}`, 'validation_error', { unitId: M.unitNotFound });
    let period: OutOfOrderPeriod & { unitId: string };
    try {
      period = await inSavepoint(trx, (sp) => repo.insertPeriod(sp, { ...input, userId: user.id }));
    } catch (err) {
      if (pgCode(err) !== PG.EXCLUSION_VIOLATION) throw err;
      if (pgConstraint(err) === 'unit_out_of_order_no_overlap') throw new ConflictError(M.periodOverlaps, 'period_overlaps');
      // The trigger's detail is the clashing booking's id.
      const clash = await getBooking(trx, String((err as { detail?: unknown }).detail ?? ''));
      const message = clash ? M.bookingInTheWay(clash.reference, clash.guestName) : M.periodOverlaps;
      throw new ConflictError(message, 'booking_in_the_way', undefined, clash ? { bookingId: clash.id, reference: clash.reference } : undefined);
    }
    await recordAudit(trx, {
      actor: user,
      action: 'unit.out_of_order',
      entityType: 'unit',
      entityId: input.unitId,
      before: null,
      after: { startDate: period.startDate, endDate: period.endDate, note: period.note },
    });
    const { unitId: _unitId, ...shown } = period;
    return { period: shown, unit: (await getUnit(trx, input.unitId))! };
  });
}

/**
 * DELETE /api/admin/out-of-order/:id: the unit back in service. A period not yet begun is
 * removed; one under way ends today (its past nights stay on record, the unit is free from
 * tonight); one already over is refused (409: nothing to end).
 */
export async function endOutOfOrder(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: SessionUser,
  id: string,
  opts: TxOptions = {},
): Promise<{ outcome: 'removed' | 'ended'; unit: Unit }> {
  const today = todayInLodge(deps.clock.now());
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const period = await repo.findPeriodForUpdate(trx, id);
    if (!period) throw new NotFoundError(M.periodNotFound, 'not_found');
    // The unit's lock first, as a booking's write of the unit would take it.
    await lockUnit(trx, period.unitId);
    if (compareIsoDates(period.endDate, today) <= 0) throw new ConflictError(M.periodEnded, 'period_ended');
    const outcome = compareIsoDates(period.startDate, today) >= 0 ? 'removed' : 'ended';
    if (outcome === 'removed') await repo.deletePeriod(trx, id);
    else await repo.endPeriod(trx, id, today);
    await recordAudit(trx, {
      actor: user,
      action: 'unit.out_of_order',
      entityType: 'unit',
      entityId: period.unitId,
      before: { startDate: period.startDate, endDate: period.endDate, note: period.note },
      after: outcome === 'removed' ? null : { startDate: period.startDate, endDate: today, note: period.note },
    });
    return { outcome, unit: (await getUnit(trx, period.unitId))! };
  });
}
