import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../db/transaction.js';
import { ConflictError, ValidationError, unknownId } from '../../errors.js';
import type {
  AvailabilityRequest,
  AvailabilityResponse,
  PackageAvailabilityRequest,
  PackageAvailabilityResponse,
} from '../../../../shared/contracts/availability.js';
import { COMING_SOON_MESSAGE } from '../../../../shared/contracts/availability.js';
import { getIncludedTypes, getTypeSummary, type TypeSummary } from '../accommodations/queries.js';
import { assertPartyAccepted } from '../pricing/pricing.service.js';
import * as repo from './availability.repo.js';
import { coalescedBatchBy, perOwner } from '../../db/coalesced-reads.js';

export const TYPE_NOT_FOUND_MESSAGE = 'Accommodation type not found';
export const NOT_A_PACKAGE_MESSAGE = 'This accommodation type is not a package';

type Db = DbOrTx;

/**
 * A type's active units and how many are free for every night of the stay. An inactive type
 * is never available (guests cannot book it); a package type is answered as a package.
 */
export async function checkAvailability(deps: Pick<Deps, 'db'>, input: AvailabilityRequest): Promise<AvailabilityResponse> {
  const stay = { typeId: input.accommodationTypeId, checkIn: input.checkIn, checkOut: input.checkOut };
  return answerFor(deps.db, input, await sharedTypeCounts(deps.db)(stay));
}

/**
 * The type-and-counts read of the checks that arrive together, in one statement: guests
 * choosing dates send these in bursts, and a round trip of its own per check was most of an
 * availability request's cost under load. Each check still gets a read that started after it
 * was asked (coalescedBatch), so a booking committed before it, on any instance, is seen;
 * nothing is kept. Per database, as the transaction a caller holds cannot be shared.
 */
const sharedTypeCounts = perOwner((db: Db) => coalescedBatchBy(repo.stayKey, (stays: repo.StayOfType[]) => repo.findTypesWithCounts(db, stays)));

/**
 * checkAvailability in the caller's transaction, for the stay alone (no party): the waitlist
 * job asks it for each waiting entry in the transaction that marks the entry told.
 */
export async function availabilityIn(db: Db, input: Pick<AvailabilityRequest, 'accommodationTypeId' | 'checkIn' | 'checkOut'>): Promise<AvailabilityResponse> {
  // The type and its unit counts in one query: the common case (not a package) needs no other.
  return answerFor(db, input, await repo.findTypeWithCounts(db, input.accommodationTypeId, input.checkIn, input.checkOut));
}

async function answerFor(
  db: Db,
  input: Pick<AvailabilityRequest, 'checkIn' | 'checkOut'>,
  found: repo.TypeWithCounts | undefined,
): Promise<AvailabilityResponse> {
  if (!found) throw unknownId('accommodationTypeId', TYPE_NOT_FOUND_MESSAGE);
  const { type } = found;
  if (type.isPackage) {
    const { available, availableUnits, totalUnits } = await packageAvailability(db, type, input.checkIn, input.checkOut);
    return { available, availableUnits, totalUnits };
  }
  const totalUnits = found.totalUnits;
  const availableUnits = type.isActive ? found.freeUnits : 0;
  return { available: availableUnits > 0, availableUnits, totalUnits };
}

/**
 * POST /api/availability: as checkAvailability, but a party the type cannot take is a 400
 * naming the field, and a type with no active unit at all is not
 * "fully booked" but not bookable yet (issue 18, "Coming soon"): 409 with the reason. Other
 * readers (the chat) keep the plain answer and read it as not available.
 */
export async function checkGuestAvailability(deps: Deps, input: AvailabilityRequest): Promise<AvailabilityResponse> {
  const result = await checkAvailability(deps, input);
  // A party the type cannot take (too many adults, a child its policy refuses) is a bad request.
  await assertPartyAccepted(deps.db, input.accommodationTypeId, input);
  if (result.totalUnits === 0) throw new ConflictError(COMING_SOON_MESSAGE, 'coming_soon');
  return result;
}

/** POST /api/package-availability: available when every active unit of the included types is free. */
export async function checkPackageAvailability(deps: Deps, input: PackageAvailabilityRequest): Promise<PackageAvailabilityResponse> {
  const type = await getTypeSummary(deps.db, input.packageTypeId);
  if (!type) throw unknownId('packageTypeId', TYPE_NOT_FOUND_MESSAGE);
  if (!type.isPackage) {
    throw new ValidationError(`packageTypeId: ${NOT_A_PACKAGE_MESSAGE}`, 'validation_error', { packageTypeId: NOT_A_PACKAGE_MESSAGE });
  }
  return packageAvailability(deps.db, type, input.checkIn, input.checkOut);
}

async function packageAvailability(
  db: Db,
  type: TypeSummary,
  checkIn: string,
  checkOut: string,
): Promise<PackageAvailabilityResponse> {
  const included = await getIncludedTypes(db, type.id);
  const counts = await repo.countUnits(
    db,
    included.map((t) => t.id),
    checkIn,
    checkOut,
  );
  const totalUnits = counts.reduce((sum, c) => sum + c.totalUnits, 0);
  const freeUnits = counts.reduce((sum, c) => sum + c.freeUnits, 0);
  const unavailableTypes = included.filter((t) => {
    const c = counts.find((x) => x.typeId === t.id);
    return c !== undefined && c.freeUnits < c.totalUnits;
  });
  const available = type.isActive && totalUnits > 0 && freeUnits === totalUnits;
  return {
    available,
    availableUnits: available ? totalUnits : 0,
    totalUnits,
    ...(unavailableTypes.length ? { unavailableTypes } : {}),
  };
}
