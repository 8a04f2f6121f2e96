import type { Deps } from '../../deps.js';
import { inTransaction, type DbOrTx, type TxOptions } from '../../db/transaction.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, NotFoundError, unknownId } from '../../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { getTypeNames, listAccommodationTypes } from '../accommodations/queries.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';
import {
  SPECIAL_MESSAGES as M,
  type PublicSpecialOffer,
  type SpecialOffer,
  type SpecialOfferRequest,
} from '../../../../shared/contracts/specials.js';
import * as repo from './specials.repo.js';

type Db = Pick<Deps, 'db'>;

/** As the rate overrides answer an unknown type. */
const UNKNOWN_TYPE = 'Accommodation type not found';

/** A stale version (someone saved in between): 409 with the record as it is now. */
function checkVersion(current: { version: number }, version: number | undefined) {
  if (version !== undefined && version !== current.version) {
    throw new ConflictError('This record was changed by someone else; reload and try again', 'stale_version', undefined, { current });
  }
}

/** The types' names beside their ids, both in the order of the names (as the screens list them). */
async function withTypeNames(db: DbOrTx, specials: repo.StoredSpecial[]): Promise<SpecialOffer[]> {
  const names = await getTypeNames(db, specials.flatMap((s) => s.accommodationTypeIds));
  return specials.map((s) => {
    const types = s.accommodationTypeIds
      .map((id) => ({ id, name: names.get(id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return { ...s, accommodationTypeIds: types.map((t) => t.id), accommodationTypeNames: types.map((t) => t.name) };
  });
}

async function findSpecial(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<SpecialOffer | undefined> {
  const found = await repo.findSpecial(db, id, opts);
  return found ? (await withTypeNames(db, [found]))[0] : undefined;
}

async function checkTypes(db: DbOrTx, input: SpecialOfferRequest) {
  const names = await getTypeNames(db, input.accommodationTypeIds);
  if (input.accommodationTypeIds.some((id) => !names.has(id))) throw unknownId('accommodationTypeIds', UNKNOWN_TYPE);
}

export const listSpecials = async (deps: Db): Promise<SpecialOffer[]> => withTypeNames(deps.db, await repo.listSpecials(deps.db));

/**
 * The landing page's and the guest home's list: what a guest can still book today, naming
 * only the types the public site shows (an offer whose types are all inactive is left out).
 */
export async function listPublicSpecials(deps: Pick<Deps, 'db' | 'clock'>): Promise<PublicSpecialOffer[]> {
  const open = await withTypeNames(deps.db, await repo.listOpenSpecials(deps.db, todayInLodge(deps.clock.now())));
  const shown = new Set((await listAccommodationTypes(deps.db, { activeOnly: true })).map((t) => t.id));
  return open.flatMap((s) => {
    const keep = s.accommodationTypeIds.map((id, i) => ({ id, name: s.accommodationTypeNames[i] })).filter((t) => shown.has(t.id));
    if (!keep.length) return [];
    return [
      {
        id: s.id,
        name: s.name,
        description: s.description,
        accommodationTypeIds: keep.map((t) => t.id),
        accommodationTypeNames: keep.map((t) => t.name),
        stayFrom: s.stayFrom,
        stayTo: s.stayTo,
        stayNights: s.stayNights,
        payNights: s.payNights,
        bookFrom: s.bookFrom,
        bookTo: s.bookTo,
        combinableWithPromo: s.combinableWithPromo,
      },
    ];
  });
}

export async function createSpecial(deps: Db, user: SessionUser, input: SpecialOfferRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    await checkTypes(trx, input);
    const id = await repo.insertSpecial(trx, input);
    await repo.replaceSpecialTypes(trx, id, input.accommodationTypeIds);
    const after = (await findSpecial(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'special_offer.create', entityType: 'special_offer', entityId: id, after });
    return after;
  });
}

/** Bookings already made keep the discount they were given: their totals are stored. */
export async function updateSpecial(deps: Db, user: SessionUser, id: string, input: SpecialOfferRequest, opts: TxOptions = {}) {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await findSpecial(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.notFound, 'not_found');
    checkVersion(before, input.version);
    await checkTypes(trx, input);
    await repo.updateSpecial(trx, id, input);
    await repo.replaceSpecialTypes(trx, id, input.accommodationTypeIds);
    const after = (await findSpecial(trx, id))!;
    await recordAudit(trx, { actor: user, action: 'special_offer.update', entityType: 'special_offer', entityId: id, before, after });
    return after;
  });
}

export async function deleteSpecial(deps: Db, user: SessionUser, id: string, opts: TxOptions = {}) {
  await inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await findSpecial(trx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(M.notFound, 'not_found');
    await repo.deleteSpecial(trx, id);
    await recordAudit(trx, { actor: user, action: 'special_offer.delete', entityType: 'special_offer', entityId: id, before });
  });
}
