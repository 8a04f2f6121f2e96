import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type TxOptions, type Tx } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, PG, UnprocessableError, ValidationError, pgCode, unknownId } from '../../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import {
  ACCOMMODATION_MESSAGES as M,
  PARTY_PRICING_MESSAGES,
  type AccommodationType,
  type AccommodationTypeRequest,
  type CreateUnitRequest,
  type Unit,
  type UpdateUnitRequest,
} from '../../../../shared/contracts/accommodations.js';
import * as repo from './accommodations.repo.js';

type Db = Pick<Deps, 'db'>;

/** ON DELETE RESTRICT answers 23001 (restrict_violation); NO ACTION answers 23503. */
const isReferenced = (err: unknown) => pgCode(err) === PG.FOREIGN_KEY_VIOLATION || pgCode(err) === '23001';

/** A stale version (someone saved in between): 409 with the record as it is now. */
function checkVersion(current: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== current.version) {
    throw new ConflictError('This record was changed by someone else; reload and try again', 'stale_version', undefined, { current });
  }
}

async function checkIncluded(trx: Tx, input: AccommodationTypeRequest, selfId?: string) {
  const wanted = input.includedAccommodationTypes;
  const found = new Set(await repo.existingNonPackageTypeIds(trx, wanted));
  if (wanted.some((id) => id === selfId || !found.has(id))) throw unknownId('includedAccommodationTypes', M.includedUnknown);
}

/**
 * A package (the Entire Lodge) is sold whole: its rates are the whole lodge's for a night, its
 * booking holds every unit whoever comes, and it is never a group. Per person sharing would
 * read those rates as per adult (2 adults paying twice the lodge's rate, one adult a
 * supplement on it), so a package stays per unit.
 */
function checkPackagePricing(input: AccommodationTypeRequest) {
  if (input.isPackage && input.pricingModel !== 'per_unit') {
    const message = PARTY_PRICING_MESSAGES.packagePerUnit;
    throw new ValidationError(`pricingModel: ${message}`, 'validation_error', { pricingModel: message });
  }
}

export function listAdminTypes(deps: Db): Promise<AccommodationType[]> {
  return repo.listTypes(deps.db, { activeOnly: false });
}

export function listAdminUnits(deps: Db): Promise<Unit[]> {
  return repo.listUnits(deps.db);
}

export async function createType(deps: Db, user: SessionUser, input: AccommodationTypeRequest, opts: TxOptions = {}) {
  checkPackagePricing(input);
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await checkIncluded(trx, input);
    const id = await repo.insertType(trx, input);
    await repo.replaceInclusions(trx, id, input.includedAccommodationTypes);
    const created = (await repo.findType(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'accommodation_type.create', entityType: 'accommodation_type', entityId: id, after: created });
    return created;
  });
}

export async function updateType(deps: Db, user: SessionUser, id: string, input: AccommodationTypeRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findTypeForUpdate(trx, id);
    if (!before) throw new NotFoundError(M.typeNotFound, 'not_found');
    checkVersion(before, input.version);
    checkPackagePricing(input);
    await checkIncluded(trx, input, id);
    await repo.updateType(trx, id, input);
    await repo.replaceInclusions(trx, id, input.includedAccommodationTypes);
    const after = (await repo.findType(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'accommodation_type.update', entityType: 'accommodation_type', entityId: id, before, after });
    return after;
  });
}

/** System types (systemKey) stay; a type whose units have bookings is deactivated, not deleted. */
export async function deleteType(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findTypeForUpdate(trx, id);
    if (!before) throw new NotFoundError(M.typeNotFound, 'not_found');
    if (before.systemKey) throw new UnprocessableError(M.systemTypeDelete, 'system_type');
    try {
      await inSavepoint(trx, (sp) => repo.deleteTypeWithUnits(sp, id));
    } catch (err) {
      // bookings.unit_id and bookings.accommodation_type_id are ON DELETE RESTRICT.
      if (isReferenced(err)) throw new UnprocessableError(M.typeHasBookings, 'has_bookings');
      throw err;
    }
    await recordAudit(trx, { actor: user, action: 'accommodation_type.delete', entityType: 'accommodation_type', entityId: id, before });
  });
}

export async function createUnit(deps: Db, user: SessionUser, input: CreateUnitRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const type = await repo.findType(trx, input.accommodationTypeId);
    if (!type) throw unknownId('accommodationTypeId', M.typeNotFound);
    const id = await repo.insertUnit(trx, input);
    const created = (await repo.findUnit(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'unit.create', entityType: 'unit', entityId: id, after: created });
    return created;
  });
}

export async function updateUnit(deps: Db, user: SessionUser, id: string, input: UpdateUnitRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findUnit(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.unitNotFound, 'not_found');
    checkVersion(before, input.version);
    await repo.updateUnit(trx, id, { name: input.name ?? before.name, isActive: input.isActive ?? before.isActive });
    const after = (await repo.findUnit(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'unit.update', entityType: 'unit', entityId: id, before, after });
    return after;
  });
}

export async function deleteUnit(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findUnit(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.unitNotFound, 'not_found');
    try {
      await inSavepoint(trx, (sp) => repo.deleteUnit(sp, id));
    } catch (err) {
      // bookings.unit_id is ON DELETE RESTRICT.
      if (isReferenced(err)) throw new UnprocessableError(M.unitHasBookings, 'has_bookings');
      throw err;
    }
    await recordAudit(trx, { actor: user, action: 'unit.delete', entityType: 'unit', entityId: id, before });
  });
}

/** The images list of a type (uploads add and remove through here, so the audit sees them). */
export async function changeTypeImages(
  deps: Db,
  user: SessionUser,
  id: string,
  change: (images: string[]) => string[],
  opts: TxOptions = {},
): Promise<AccommodationType> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findTypeForUpdate(trx, id);
    if (!before) throw new NotFoundError(M.typeNotFound, 'not_found');
    await repo.setTypeImages(trx, id, change(before.images));
    const after = (await repo.findType(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'accommodation_type.images', entityType: 'accommodation_type', entityId: id, before: { images: before.images }, after: { images: after.images } });
    return after;
  });
}
