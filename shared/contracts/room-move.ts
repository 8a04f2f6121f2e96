import { z } from 'zod';
import { Booking } from './bookings.js';
import { IsoDateStrict, optionalIsoDate, uuid } from './common.js';

/**
 * Room moves (docs/design.md, The desk's day: room moves and split stays): POST
 * /api/admin/bookings/:id/move moves a stay, or the nights from a date, to another unit. Online
 * only; every staff role. GET /api/admin/bookings/:id/move-options lists the units free for
 * the nights that would move.
 */

export const ROOM_MOVE_MESSAGES = {
  unitRequired: 'Unit is required: the unit to move the stay to',
  unitInvalid: 'Unit must be a valid id',
  unitNotFound: 'Unit not found',
  reprice: 'Reprice must be true or false',
  fromDateOutside: 'The move date must be after the check-in date and before the check-out date',
  sameUnit: 'The stay is already in this unit for those nights',
  inactiveUnit: 'This unit is inactive: choose an active unit',
  notLive: 'Only a provisional, confirmed or checked-in stay can be moved',
  entireLodge: 'An entire-lodge stay holds every unit and cannot be moved',
  group: 'A group booking’s units cannot be moved one by one',
  cannotReprice: 'The nights on the new unit cannot be priced: move without repricing and set the total by hand',
  taken: (reference: string) => `This unit is taken on those nights by booking ${reference}`,
  outOfOrder: (from: string, to: string) => `This unit is out of order from ${from} to ${to}`,
} as const;

/** The request body. Without fromDate the whole stay (or the segment named) moves. */
export const MoveBookingRequest = z.object({
  unitId: uuid(ROOM_MOVE_MESSAGES.unitRequired, ROOM_MOVE_MESSAGES.unitInvalid),
  /** The first night on the new unit: strictly after check-in, before check-out. */
  fromDate: optionalIsoDate(),
  /** Price the moved nights at the new unit's type's rates (the total changes). */
  reprice: z.boolean({ error: ROOM_MOVE_MESSAGES.reprice }).optional(),
});
export type MoveBookingRequest = z.output<typeof MoveBookingRequest>;
export type MoveBookingRequestInput = z.input<typeof MoveBookingRequest>;

/**
 * What the move left: the stay (a single booking, or a split stay's parent), its segments
 * (the parent's children; empty when it is on one unit) and the ids of the rows it removed.
 */
export const MoveBookingResponse = z.object({
  booking: Booking,
  segments: z.array(Booking),
  removedIds: z.array(z.string()),
  /** The total before, when the move repriced it. */
  previousTotal: z.number().optional(),
});
export type MoveBookingResponse = z.infer<typeof MoveBookingResponse>;

/** GET /api/admin/bookings/:id/move-options?fromDate= */
export const MoveOptionsQuery = z.object({ fromDate: optionalIsoDate() });
export type MoveOptionsQuery = z.output<typeof MoveOptionsQuery>;

/** The nights that would move and the active units free for all of them, in the lodge's order. */
export const MoveOptions = z.object({
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  units: z.array(z.object({ id: z.string(), name: z.string(), accommodationTypeId: z.string(), accommodationTypeName: z.string() })),
});
export type MoveOptions = z.infer<typeof MoveOptions>;
