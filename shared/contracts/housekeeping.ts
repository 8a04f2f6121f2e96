import { z } from 'zod';
import { CLEANING_STATUSES, HOUSEKEEPING_STATUSES } from '../domain/housekeeping.js';
import { OutOfOrderPeriod, Unit } from './accommodations.js';
import { isoDate, IsoDateStrict, optionalIsoDate } from './common.js';

/**
 * Housekeeping and out of order units (docs/design.md, The desk's day: housekeeping). The
 * board GET /api/admin/housekeeping, a unit's cleaning status PUT
 * /api/admin/units/:id/housekeeping (offline: the sync operation `unit.setHousekeeping` with
 * the same status and note), and out of order periods POST /api/admin/out-of-order and
 * DELETE /api/admin/out-of-order/:id (online only: they check the bookings).
 */

export const HOUSEKEEPING_MESSAGES = {
  statusRequired: 'Status must be Clean, Dirty or Inspected',
  noteTooLong: 'Note must be at most 500 characters',
  versionRequired: 'Version is required: reload the board and try again',
  unitRequired: 'Unit is required',
  unitNotFound: 'Unit not found',
  periodNotFound: 'Out of order period not found',
  reasonRequired: 'Reason is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endAfterStart: 'End date must be after the start date',
  startInPast: 'Start date cannot be before today',
  periodOverlaps: 'This unit is already out of order on some of these dates',
  periodEnded: 'This out of order period has ended already',
  /** 409: a live booking holds the unit on a night of the period. */
  bookingInTheWay: (reference: string, guestName: string) =>
    `Booking ${reference} (${guestName}) holds this unit on some of these dates: move or cancel it first`,
} as const;
const M = HOUSEKEEPING_MESSAGES;

/** The note a housekeeper types: trimmed; empty (or null) clears it. Omitted keeps the note there is. */
const HousekeepingNote = z
  .string()
  .trim()
  .max(500, M.noteTooLong)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** The body of PUT /api/admin/units/:id/housekeeping: the status, the note, the unit's version as read. */
export const SetHousekeepingRequest = z.object({
  status: z.enum(CLEANING_STATUSES, { error: M.statusRequired }),
  note: HousekeepingNote,
  version: z.number({ error: M.versionRequired }).int(M.versionRequired).nonnegative(M.versionRequired),
});
export type SetHousekeepingRequest = z.output<typeof SetHousekeepingRequest>;

/** The sync operation's args: the same change without a version (the housekeeper's last word wins). */
export const SetHousekeepingArgs = z
  .object({
    status: z.enum(CLEANING_STATUSES, { error: M.statusRequired }),
    note: z.string().trim().max(500, M.noteTooLong).nullable().optional(),
  })
  .strict();

/** POST /api/admin/out-of-order: the unit out of service for [startDate, endDate), and why. */
export const CreateOutOfOrderRequest = z
  .object({
    unitId: z.uuid({ error: M.unitRequired }),
    startDate: isoDate(M.startDateRequired),
    endDate: isoDate(M.endDateRequired),
    note: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.noteTooLong),
  })
  .refine((p) => p.endDate > p.startDate, { message: M.endAfterStart, path: ['endDate'] });
export type CreateOutOfOrderRequest = z.output<typeof CreateOutOfOrderRequest>;

/** GET /api/admin/housekeeping?date=: the lodge's today when no date is given. */
export const HousekeepingBoardQuery = z.object({ date: optionalIsoDate() });

/** A stay arriving or leaving on the board's day, as the board names it. */
export const HousekeepingStay = z.object({
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  status: z.string(),
});
export type HousekeepingStay = z.infer<typeof HousekeepingStay>;

/** One unit on the board: the unit (its cleaning status, note, who and when, periods not ended) and its day. */
export const HousekeepingBoardUnit = Unit.extend({
  accommodationTypeName: z.string(),
  /** What the board shows on its day: Out of order inside a period, else the cleaning status. */
  statusOnDate: z.enum(HOUSEKEEPING_STATUSES),
  arrivals: z.array(HousekeepingStay),
  departures: z.array(HousekeepingStay),
});
export type HousekeepingBoardUnit = z.infer<typeof HousekeepingBoardUnit>;

export const HousekeepingBoard = z.object({
  date: IsoDateStrict,
  units: z.array(HousekeepingBoardUnit),
});
export type HousekeepingBoard = z.infer<typeof HousekeepingBoard>;

/** What POST /api/admin/out-of-order answers: the period and the unit as it is now. */
export const OutOfOrderResponse = z.object({ period: OutOfOrderPeriod, unit: Unit });
export type OutOfOrderResponse = z.infer<typeof OutOfOrderResponse>;

/** What DELETE answers: removed (not started yet) or ended today (under way), and the unit now. */
export const EndOutOfOrderResponse = z.object({
  message: z.string(),
  outcome: z.enum(['removed', 'ended']),
  unit: Unit,
});
export type EndOutOfOrderResponse = z.infer<typeof EndOutOfOrderResponse>;
