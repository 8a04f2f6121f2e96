import { z } from 'zod';
import { AccommodationType, Unit } from './accommodations.js';
import { BOOKING_MESSAGES, Booking, BookingStatusSchema } from './bookings.js';
import { Extra, FolioCharge } from './folio.js';
import { IsoDateStrict } from './common.js';
import { RegisterUpsertEntryArgs } from './lodger-register.js';
import { SetHousekeepingArgs } from './housekeeping.js';

/**
 * The offline sync contract (docs/design.md, Offline sync: the sync contract). The names and
 * shapes are fixed: tests and tools outside the code rely on them. The PWA's outbox builds
 * entries with these schemas and the API parses them with the same ones.
 */

/** Bumped when an operation's args change shape; old queued entries stay readable. */
export const SYNC_SCHEMA_VERSION = 1;
export const SYNC_PUSH_MAX_ENTRIES = 100;
export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;

export const SYNC_OPERATIONS = [
  'booking.setStatus',
  'booking.setSpecialRequests',
  'booking.paymentReceived',
  'unit.setActive',
  'folio.addCharge',
  'register.upsertEntry',
  'booking.releaseNights',
  'unit.setHousekeeping',
] as const;
export type SyncOperation = (typeof SYNC_OPERATIONS)[number];

/** The args of each operation (checked per entry: bad args reject that entry, not the batch). */
export const SyncOperationArgs = {
  'booking.setStatus': z
    .object({
      status: BookingStatusSchema,
      cancellationReason: z.string().trim().max(1000).optional(),
      /** A Manager's or SuperAdmin's early check-in on purpose (see UpdateBookingRequest). */
      override: z.boolean().optional(),
      overrideReason: z.string().trim().max(500).optional(),
    })
    .strict()
    // As online: an early check-in on purpose says why, or the audit log holds no reason.
    .refine((args) => args.override !== true || !!args.overrideReason, {
      message: BOOKING_MESSAGES.overrideReasonRequired,
      path: ['overrideReason'],
    }),
  'booking.setSpecialRequests': z
    .object({ specialRequests: z.string().max(2000).nullable(), previous: z.string().max(2000).nullable() })
    .strict(),
  'booking.paymentReceived': z.object({ method: z.enum(['Cash', 'EFT', 'Card']) }).strict(),
  'unit.setActive': z.object({ isActive: z.boolean() }).strict(),
  /**
   * An extra posted to the booking's folio (entityId: the booking). chargeId is made on the
   * device, so a replay, or the same charge queued again, never charges twice.
   */
  'folio.addCharge': z
    .object({
      chargeId: z.uuid(),
      extraId: z.uuid(),
      quantity: z.number().int().min(1).max(99),
      adults: z.number().int().min(0).max(99),
      children: z.number().int().min(0).max(99),
      date: IsoDateStrict,
      note: z.string().trim().max(500).nullable(),
    })
    .strict(),
  /**
   * A lodger's register entry captured at the desk (entityId: the booking). Its signature and
   * ID copy are uploaded first (PUT /api/sync/attachments/:id); entryId is made on the device.
   */
  'register.upsertEntry': RegisterUpsertEntryArgs,
  /**
   * An early departure's remaining nights released (entityId: the booking), queued behind its
   * check-out; departureDate is the lodge's date the guest left on (the desk's today then), so
   * a replay the next day releases the same nights. Refused ('rejected', with the reason) when
   * it no longer applies: not checked out, released already, no night left.
   */
  'booking.releaseNights': z.object({ departureDate: IsoDateStrict }).strict(),
  /**
   * A unit's cleaning status set at the desk (entityId: the unit), with the note (omitted:
   * kept; null or empty: cleared). Every staff role; the last status set wins (no version
   * check); a unit deleted meanwhile is 'rejected'.
   */
  'unit.setHousekeeping': SetHousekeepingArgs,
} as const satisfies Record<SyncOperation, z.ZodType>;

export type SyncOperationArgs = { [K in SyncOperation]: z.infer<(typeof SyncOperationArgs)[K]> };

/**
 * One entry as sent. `op` and `args` are loose here on purpose: an unknown operation or bad
 * args must come back as a 'rejected' outcome for that entry, never fail the whole batch.
 */
/** The largest number the server stores for a counter (a PostgreSQL integer). */
const COUNTER_MAX = 2_147_483_647;

/**
 * An id as the server keeps it: lower case. A device may write its UUIDs in capitals (some
 * platforms do); the database's uuid type would match them anyway, but the push compares the
 * ids it recorded with the ids it was sent, as text.
 */
const ClientUuid = z.uuid().transform((id) => id.toLowerCase());

export const SyncPushEntry = z.object({
  id: ClientUuid,
  seq: z.number().int().nonnegative().max(COUNTER_MAX),
  op: z.string().min(1).max(100),
  entityId: ClientUuid,
  baseVersion: z.number().int().nonnegative().max(COUNTER_MAX),
  args: z.record(z.string(), z.unknown()),
  schemaVersion: z.number().int().positive().max(COUNTER_MAX),
});
export type SyncPushEntry = z.infer<typeof SyncPushEntry>;

export const SyncPushRequest = z.object({
  deviceId: z.string().trim().min(1).max(200),
  entries: z.array(SyncPushEntry).min(1).max(SYNC_PUSH_MAX_ENTRIES),
});
export type SyncPushRequest = z.infer<typeof SyncPushRequest>;

export const SYNC_OUTCOMES = ['applied', 'duplicate', 'conflict', 'rejected'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

export const SyncPushResult = z.object({
  id: z.uuid(),
  outcome: z.enum(SYNC_OUTCOMES),
  /** The row as it is now on the server (applied, conflict, and duplicate when known). */
  record: z.unknown().optional(),
  /** e.g. "already checked in by thandi at 10:42" when the server already had the change. */
  note: z.string().optional(),
  /** Why a conflict or rejection happened, in words for the person at the desk. */
  reason: z.string().optional(),
  /**
   * On a duplicate: what the first sight of this entry came to (applied, conflict or
   * rejected). An addition to the fixed contract; clients that do not know it ignore it.
   */
  storedOutcome: z.enum(['applied', 'conflict', 'rejected']).optional(),
});
export type SyncPushResult = z.infer<typeof SyncPushResult>;

export const SyncPushResponse = z.object({ results: z.array(SyncPushResult) });
export type SyncPushResponse = z.infer<typeof SyncPushResponse>;

export const SyncPullQuery = z.object({
  since: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SYNC_PULL_MAX_LIMIT).default(SYNC_PULL_DEFAULT_LIMIT),
});
export type SyncPullQuery = z.infer<typeof SyncPullQuery>;

export const SYNC_ENTITY_TYPES = ['accommodationTypes', 'units', 'bookings', 'extras', 'folioCharges'] as const;
export type SyncEntityType = (typeof SYNC_ENTITY_TYPES)[number];

export const SyncPullResponse = z.object({
  cursor: z.string(),
  hasMore: z.boolean(),
  changes: z.object({
    accommodationTypes: z.array(AccommodationType),
    units: z.array(Unit),
    bookings: z.array(Booking),
    /**
     * The extras catalogue (inactive ones too: posted charges name them). Always sent; optional
     * so a device reading an answer without it (an older server) takes none.
     */
    extras: z.array(Extra).optional(),
    /** The charges of the bookings the pull serves (voided ones too). Always sent, as extras. */
    folioCharges: z.array(FolioCharge).optional(),
  }),
  deleted: z.array(z.object({ entityType: z.enum(SYNC_ENTITY_TYPES), id: z.string() })),
});
export type SyncPullResponse = z.infer<typeof SyncPullResponse>;
