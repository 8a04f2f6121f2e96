import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type DbOrTx, type Tx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, PG, ValidationError, pgCode, pgConstraint, unknownId } from '../../errors.js';
import type { PromoCodeRequest, RateOverride, RateOverrideRequest } from '../../../../shared/contracts/rates.js';
import { recordAudit } from '../audit/record-audit.js';
import { eventExists } from '../events/events.service.js';
import { getTypeNames, getTypeSummary } from '../accommodations/queries.js';
import * as repo from './rates-admin.repo.js';

type Db = Pick<Deps, 'db'>;

export const RATE_ADMIN_MESSAGES = {
  overrideNotFound: 'Rate override not found',
  promoNotFound: 'Promo code not found',
  typeNotFound: 'Accommodation type not found',
  eventNotFound: 'Event not found',
  codeTaken: 'A promo code with this code already exists',
  maxUsesBelowUsed: (used: number) => `Max uses cannot be below the ${used} use(s) already made`,
} as const;
const M = RATE_ADMIN_MESSAGES;

function checkVersion(current: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== current.version) {
    throw new ConflictError('This record was changed by someone else; reload and try again', 'stale_version', undefined, { current });
  }
}

async function checkOverrideLinks(trx: Tx, input: RateOverrideRequest) {
  if (!(await getTypeSummary(trx, input.accommodationTypeId))) throw unknownId('accommodationTypeId', M.typeNotFound);
  if (input.eventId && !(await eventExists(trx, input.eventId))) throw unknownId('eventId', M.eventNotFound);
}

/**
 * Overrides with their type's name, by start date and then name, as the rates page lists
 * them (the sort is stable: the repo's id order stays among equals).
 */
async function withTypeNames(db: DbOrTx, overrides: repo.StoredOverride[]): Promise<RateOverride[]> {
  const names = await getTypeNames(db, overrides.map((o) => o.accommodationTypeId));
  return overrides
    .map(({ id, accommodationTypeId, ...rest }) => ({ id, accommodationTypeId, accommodationTypeName: names.get(accommodationTypeId) ?? '', ...rest }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.accommodationTypeName.localeCompare(b.accommodationTypeName));
}

async function findOverride(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<RateOverride | undefined> {
  const found = await repo.findOverride(db, id, opts);
  return found ? (await withTypeNames(db, [found]))[0] : undefined;
}

export const listOverrides = async (deps: Db) => withTypeNames(deps.db, await repo.listOverrides(deps.db));
export const listPromos = (deps: Db) => repo.listPromos(deps.db);

export async function createOverride(deps: Db, user: SessionUser, input: RateOverrideRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await checkOverrideLinks(trx, input);
    const id = await repo.insertOverride(trx, input);
    const after = (await findOverride(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'rate_override.create', entityType: 'rate_override', entityId: id, after });
    return after;
  });
}

export async function updateOverride(deps: Db, user: SessionUser, id: string, input: RateOverrideRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await findOverride(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.overrideNotFound, 'not_found');
    checkVersion(before, input.version);
    await checkOverrideLinks(trx, input);
    await repo.updateOverride(trx, id, input);
    const after = (await findOverride(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'rate_override.update', entityType: 'rate_override', entityId: id, before, after });
    return after;
  });
}

export async function deleteOverride(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await findOverride(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.overrideNotFound, 'not_found');
    await repo.deleteOverride(trx, id);
    await recordAudit(trx, { actor: user, action: 'rate_override.delete', entityType: 'rate_override', entityId: id, before });
  });
}

/** The database keeps codes unique (case-insensitively) and uses within maxUses; say so by field. */
async function writePromo<T>(trx: Tx, usedCount: number, write: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await inSavepoint(trx, write);
  } catch (err) {
    if (pgCode(err) === PG.UNIQUE_VIOLATION) throw new ValidationError(`code: ${M.codeTaken}`, 'code_taken', { code: M.codeTaken });
    if (pgCode(err) === PG.CHECK_VIOLATION && pgConstraint(err) === 'promo_codes_used_count_check') {
      const msg = M.maxUsesBelowUsed(usedCount);
      throw new ValidationError(`maxUses: ${msg}`, 'validation_error', { maxUses: msg });
    }
    throw err;
  }
}

export async function createPromo(deps: Db, user: SessionUser, input: PromoCodeRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const id = await writePromo(trx, 0, (sp) => repo.insertPromo(sp, input));
    const after = (await repo.findPromo(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'promo_code.create', entityType: 'promo_code', entityId: id, after });
    return after;
  });
}

/** usedCount is the bookings' business, never the form's: an update leaves it. */
export async function updatePromo(deps: Db, user: SessionUser, id: string, input: PromoCodeRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findPromo(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.promoNotFound, 'not_found');
    checkVersion(before, input.version);
    await writePromo(trx, before.usedCount, (sp) => repo.updatePromo(sp, id, input));
    const after = (await repo.findPromo(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'promo_code.update', entityType: 'promo_code', entityId: id, before, after });
    return after;
  });
}

/** Bookings that used the code keep their discount (their promo_code_id is set to null). */
export async function deletePromo(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findPromo(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.promoNotFound, 'not_found');
    await repo.deletePromo(trx, id);
    await recordAudit(trx, { actor: user, action: 'promo_code.delete', entityType: 'promo_code', entityId: id, before });
  });
}
