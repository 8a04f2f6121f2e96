import type { Deps } from '../../deps.js';
import { inSavepoint, inTransaction, type DbOrTx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, pgConstraint, unknownId } from '../../errors.js';
import type { Extra, ExtraRequest } from '../../../../shared/contracts/folio.js';
import { GUEST_EXTRA_MESSAGES, type GuestExtraChoice, type PublicExtra } from '../../../../shared/contracts/guest-extras.js';
import { priceGuestExtra, type GuestExtraLine, type GuestExtraParty } from '../../../../shared/domain/guest-extras.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './extras.repo.js';

type Db = Pick<Deps, 'db'>;

export const EXTRAS_SERVICE_MESSAGES = {
  notFound: 'Extra not found',
  deactivatedInstead: 'This extra has been charged before, so it was deactivated instead of deleted',
} as const;
const M = EXTRAS_SERVICE_MESSAGES;

function checkVersion(current: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== current.version) {
    throw new ConflictError('This record was changed by someone else; reload and try again', 'stale_version', undefined, { current });
  }
}

/** GET /api/admin/extras: the whole catalogue (the desk posts charges from it). */
export const listExtras = (deps: Db) => repo.listExtras(deps.db);

/**
 * The extra a folio charge is priced from (the folio feature posts charges with it, inside
 * its own transaction), or undefined when there is none. Inactive extras are returned too:
 * the caller decides whether one may still be charged.
 */
export function getExtraForCharge(trx: DbOrTx, extraId: string): Promise<Extra | undefined> {
  return repo.findExtra(trx, extraId);
}

/** The extras of one page of the offline sync pull's change feed (the desk posts charges from them offline). */
export function getExtrasByIds(db: DbOrTx, ids: readonly string[]): Promise<Extra[]> {
  return repo.findExtras(db, ids);
}

const publicCache = new WeakMap<object, { at: number; value: Promise<PublicExtra[]> }>();

/**
 * GET /api/public/extras: public fields of what a guest may add when booking. Every visitor
 * reaching step 3 asks, so one process reuses its read for SETTINGS_CACHE_MS, as it does the
 * public settings; a change made through this process clears it at once (forgetPublicExtras),
 * other instances see it within that time. Prices are never taken from here: a booking reads
 * the catalogue itself, in its own transaction.
 */
export function listPublicExtras(deps: Pick<Deps, 'db' | 'config'>): Promise<PublicExtra[]> {
  const now = performance.now();
  const hit = publicCache.get(deps.db);
  if (hit && now - hit.at < deps.config.SETTINGS_CACHE_MS) return hit.value;
  const value = repo
    .listBookableExtras(deps.db)
    .then((extras) => extras.map((e) => ({ id: e.id, name: e.name, description: e.description, price: e.price, childPrice: e.childPrice, pricing: e.pricing })));
  publicCache.set(deps.db, { at: now, value });
  // A failed read is not kept: the next visitor tries again.
  value.catch(() => {
    if (publicCache.get(deps.db)?.value === value) publicCache.delete(deps.db);
  });
  return value;
}

export function forgetPublicExtras(deps: Pick<Deps, 'db'>): void {
  publicCache.delete(deps.db);
}

export async function createExtra(deps: Db, user: SessionUser, input: ExtraRequest, opts: TxOptions = {}): Promise<Extra> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const id = await repo.insertExtra(trx, input);
    const after = (await repo.findExtra(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'extra.create', entityType: 'extra', entityId: id, after });
    return after;
  });
}

/** A posted charge keeps its own snapshot of the price: editing the catalogue never reprices one. */
export async function updateExtra(deps: Db, user: SessionUser, id: string, input: ExtraRequest, opts: TxOptions = {}): Promise<Extra> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findExtra(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.notFound, 'not_found');
    checkVersion(before, input.version);
    await repo.updateExtra(trx, id, input);
    const after = (await repo.findExtra(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'extra.update', entityType: 'extra', entityId: id, before, after });
    return after;
  });
}

export type DeleteExtraResult = { deleted: true } | { deleted: false; message: string; extra: Extra };

/**
 * Deletes an extra, unless a folio charge references it: the charge must stay traceable to
 * what was sold, so the extra is deactivated instead (no longer offered, still named on the
 * folio). The database decides (folio_charges.extra_id is ON DELETE RESTRICT), so a charge
 * posted by the desk at the same moment can never be orphaned.
 */
export async function deleteExtra(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}): Promise<DeleteExtraResult> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findExtra(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.notFound, 'not_found');
    try {
      await inSavepoint(trx, (sp) => repo.deleteExtra(sp, id));
      await recordAudit(trx, { actor: user, action: 'extra.delete', entityType: 'extra', entityId: id, before });
      return { deleted: true };
    } catch (err) {
      // RESTRICT answers restrict_violation (23001), not foreign_key_violation: match the constraint.
      if (pgConstraint(err) !== 'folio_charges_extra_id_fkey') throw err;
    }
    await repo.deactivateExtra(trx, id);
    const after = (await repo.findExtra(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'extra.update', entityType: 'extra', entityId: id, before, after, note: M.deactivatedInstead });
    return { deleted: false, message: M.deactivatedInstead, extra: after };
  });
}

/**
 * A guest's chosen extras, priced for the stay (docs/product.md, Extras). Each must be active
 * and bookable online; otherwise a 400 naming `<field>.<i>.extraId` (field is where the list
 * sits in the request: 'extras', or 'bookingData.extras' for a card payment).
 */
export async function priceGuestExtras(
  db: DbOrTx,
  choices: readonly GuestExtraChoice[],
  party: GuestExtraParty,
  field = 'extras',
): Promise<GuestExtraLine[]> {
  const found = new Map((await repo.findExtras(db, choices.map((c) => c.extraId))).map((e) => [e.id, e]));
  return choices.map((choice, i) => {
    const extra = found.get(choice.extraId);
    const path = `${field}.${i}.extraId`;
    if (!extra) throw unknownId(path, M.notFound);
    if (!extra.isActive || !extra.bookableOnline) throw unknownId(path, GUEST_EXTRA_MESSAGES.extraUnavailable);
    const catalogue = {
      id: extra.id,
      name: extra.name,
      pricing: extra.pricing,
      priceCents: randToCents(extra.price),
      childPriceCents: extra.childPrice == null ? null : randToCents(extra.childPrice),
      vatInclusive: extra.vatInclusive,
    };
    return priceGuestExtra(catalogue, choice.quantity, party);
  });
}
