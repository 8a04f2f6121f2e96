import { Dexie, type EntityTable, type Table } from 'dexie';
import type { AccommodationType, Unit } from '@shared/contracts/accommodations.js';
import type { Booking } from '@shared/contracts/bookings.js';
import type { Extra, Folio, FolioCharge } from '@shared/contracts/folio.js';
import type { DeskRegisterEntry, RegisterAttachmentKind, RegisterAttachmentType, RegisterCheckInRule } from '@shared/contracts/lodger-register.js';
import type { SyncOperation, SyncOutcome } from '@shared/contracts/sync.js';
import type { Role } from '@shared/roles.js';

/**
 * The front desk's local database (docs/design.md, Offline sync). The server tables hold rows exactly
 * as last pulled (plus search helpers); what a person did offline lives only in `outbox`
 * and is laid over the rows when they are read (overlay.ts), so a pull never overwrites an
 * edit that is still on its way.
 */

/**
 * The version of the local data's shape. Bump it when the stored rows change shape (a new
 * index, a new field the screens rely on): a device holding another version clears the
 * server tables and pulls everything again. Queued entries are kept across a bump: each
 * carries its own `schemaVersion` for the server. 2: the extras catalogue and folio charges
 * (rows written before them must be pulled again for the new tables to fill).
 */
export const LOCAL_DATA_VERSION = 2;

export const DB_NAME = 'lodge-offline';

/**
 * Set in localStorage once a device has pulled. IndexedDB can be evicted by the browser on
 * its own (storage pressure, Safari's 7-day rule); finding this marker with no cursor
 * means the local data went away underneath us, so we say so and pull everything again.
 */
export const SYNCED_MARKER_KEY = 'lodge-offline-synced';

/** A booking as stored: the server row plus lower-cased fields for case-insensitive search. */
export type StoredBooking = Booking & { guestNameLower: string; referenceLower: string };

export type OutboxStatus = 'pending' | 'sent' | 'conflict' | 'rejected';

/** Who made an edit (kept locally so the overlay can apply it with that person's role). */
export interface SyncUser {
  id: string;
  username: string;
  role: Role;
}

/**
 * The staff member this device syncs for, as stored: with their name, so the back office
 * offline greets them by it (not their username). The names are optional because rows
 * saved before they were kept lack them; the next checked login adds them.
 */
export interface DeviceUser extends SyncUser {
  firstName?: string;
  lastName?: string;
}

export interface OutboxEntry {
  /** Made on the client: the server's dedup key (client_mutations). */
  id: string;
  deviceId: string;
  /** Per device, increasing: the order entries are replayed in. */
  seq: number;
  op: SyncOperation;
  entityId: string;
  /** The server version of the row when the edit was made. */
  baseVersion: number;
  args: Record<string, unknown>;
  schemaVersion: number;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** Conflict or rejection: the server's words. */
  reason?: string;
  /** Conflict: the row as the server has it now. */
  record?: unknown;
  /** Local only (never sent): who queued it. */
  madeBy: SyncUser;
}

/** Outcomes of the log: the server's four, and the person's own "drop mine". */
export type LoggedOutcome = SyncOutcome | 'discarded';

export interface OutcomeLogEntry {
  /** Auto-increment: the log's order. */
  id?: number;
  entryId: string;
  op: SyncOperation;
  entityId: string;
  outcome: LoggedOutcome;
  note: string | null;
  reason: string | null;
  at: string;
}

export const OUTCOME_LOG_SIZE = 50;

/**
 * A register file (signature or ID copy) made on this device. The blob stays here until the
 * server has it (PUT /api/sync/attachments/:id); then the bytes are dropped and the row kept, so the
 * entry that references it knows it may go.
 */
export interface StoredAttachment {
  /** Made on the device: the upload's idempotency key. */
  id: string;
  bookingId: string;
  kind: RegisterAttachmentKind;
  contentType: RegisterAttachmentType;
  size: number;
  /** Hex SHA-256 of the bytes, sent with them so the server can tell a torn upload. */
  sha256: string;
  /**
   * The bytes; null once uploaded. Kept as an ArrayBuffer rather than a Blob: every browser
   * stores one in IndexedDB alike (Blobs there have had bugs), and it is what the hash reads.
   */
  bytes: ArrayBuffer | null;
  createdAt: string;
  uploadedAt: string | null;
  /** The server refused it for good (409 other bytes, 413 too large, ...): its words. */
  failedReason: string | null;
}

/** The key/value rows of `syncState`. */
export interface SyncStateValues {
  deviceId: string;
  nextSeq: number;
  cursor: string;
  lastPullAt: string;
  lastPushAt: string;
  user: DeviceUser;
  pausedForAuth: boolean;
  schemaVersion: number;
  /** When the local data was last found evicted and pulled again (shown once to staff). */
  evictedAt: string;
  /** The lodge's rule for a check-in with the register incomplete, as last fetched. */
  registerCheckInRule: RegisterCheckInRule;
}
export type SyncStateKey = keyof SyncStateValues;
export interface SyncStateRow<K extends SyncStateKey = SyncStateKey> {
  key: K;
  value: SyncStateValues[K];
}

export class OfflineDb extends Dexie {
  accommodationTypes!: EntityTable<AccommodationType, 'id'>;
  units!: EntityTable<Unit, 'id'>;
  bookings!: EntityTable<StoredBooking, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  outcomes!: EntityTable<OutcomeLogEntry, 'id'>;
  syncState!: Table<SyncStateRow, SyncStateKey>;
  extras!: EntityTable<Extra, 'id'>;
  folioCharges!: EntityTable<FolioCharge, 'id'>;
  /** The last folio fetched online per booking: its payments, discounts and tax settings serve the offline folio. */
  folios!: EntityTable<Folio, 'bookingId'>;
  /** The desk window's register (names and completeness only), as last fetched. */
  registerEntries!: EntityTable<DeskRegisterEntry, 'id'>;
  /** Register files waiting for (or already at) the server; never cleared by a resync. */
  attachments!: EntityTable<StoredAttachment, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      accommodationTypes: 'id',
      units: 'id, accommodationTypeId',
      bookings: 'id, checkInDate, checkOutDate, status, reference, referenceLower, guestNameLower, unitId, parentBookingId',
      outbox: 'id, seq, status, entityId',
      outcomes: '++id',
      syncState: 'key',
    });
    this.version(2).stores({
      extras: 'id',
      folioCharges: 'id, bookingId',
      folios: 'bookingId',
    });
    this.version(3).stores({
      registerEntries: 'id, bookingId',
      attachments: 'id, bookingId',
    });
  }
}

export const db = new OfflineDb();

/** The server-row tables (cleared by a full resync). */
export const serverTables = () => [db.accommodationTypes, db.units, db.bookings, db.extras, db.folioCharges, db.folios, db.registerEntries];

export function toStoredBooking(booking: Booking): StoredBooking {
  return { ...booking, guestNameLower: booking.guestName.toLowerCase(), referenceLower: booking.reference.toLowerCase() };
}

/** The server row without the local search fields. */
export function fromStoredBooking(stored: StoredBooking): Booking {
  const { guestNameLower: _n, referenceLower: _r, ...booking } = stored;
  return booking;
}

export async function getState<K extends SyncStateKey>(key: K): Promise<SyncStateValues[K] | undefined> {
  const row = await db.syncState.get(key);
  return row?.value as SyncStateValues[K] | undefined;
}

export async function setState<K extends SyncStateKey>(key: K, value: SyncStateValues[K]): Promise<void> {
  await db.syncState.put({ key, value } as SyncStateRow);
}

export async function deleteState(key: SyncStateKey): Promise<void> {
  await db.syncState.delete(key);
}

/** Who is using the desk now (set after a staff login; the overlay and enqueue use the role). */
export async function setSyncUser(user: DeviceUser): Promise<void> {
  // A caller that knows no names (resuming after a login) keeps those stored for the same person.
  const stored = user.firstName === undefined ? await getState('user') : undefined;
  const names = user.firstName !== undefined ? user : stored?.id === user.id ? stored : undefined;
  await setState('user', {
    id: user.id,
    username: user.username,
    role: user.role,
    ...(names?.firstName !== undefined ? { firstName: names.firstName, lastName: names.lastName ?? '' } : {}),
  });
}

/**
 * After a deliberate logout nobody may open the desk offline on this device any more.
 * Queued changes stay: they carry who made them and go out after the next staff login.
 */
export async function forgetSyncUser(): Promise<void> {
  await deleteState('user');
}

/**
 * Ask the browser to keep this origin's data under storage pressure. Call it after a staff
 * login (browsers grant it more readily after a user gesture / for installed apps). Returns
 * whether storage is persisted; false where the API is missing.
 */
export async function requestPersistence(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export type LocalDataCheck = 'ok' | 'first-run' | 'schema-changed' | 'evicted';

function readMarker(): string | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage.getItem(SYNCED_MARKER_KEY) : null;
  } catch {
    return null;
  }
}

/** Remember that this device holds pulled data (see SYNCED_MARKER_KEY). */
export function markSynced(): void {
  try {
    localStorage.setItem(SYNCED_MARKER_KEY, String(LOCAL_DATA_VERSION));
  } catch {
    // Private mode or no storage: eviction then simply goes unnoticed (a plain full pull).
  }
}

/**
 * Run before the first pull of a session. When the stored data version differs from this
 * app's, or the data was evicted (the marker says we had pulled, but there is no cursor),
 * the server tables and the cursor are cleared so the next pull starts from empty. The
 * outbox is never cleared here: entries carry their own schema version.
 */
export async function checkLocalData(now: Date = new Date()): Promise<LocalDataCheck> {
  const hadSynced = readMarker() !== null;
  const result = await db.transaction('rw', [db.syncState, ...serverTables()], async (): Promise<LocalDataCheck> => {
    const [version, cursor] = await Promise.all([getState('schemaVersion'), getState('cursor')]);
    let check: LocalDataCheck;
    if (version !== undefined && version !== LOCAL_DATA_VERSION) check = 'schema-changed';
    else if (cursor === undefined && hadSynced) check = 'evicted';
    else if (cursor === undefined) check = 'first-run';
    else return 'ok';
    await clearServerData();
    await setState('schemaVersion', LOCAL_DATA_VERSION);
    if (check === 'evicted') await setState('evictedAt', now.toISOString());
    return check;
  });
  return result;
}

/** Clears the pulled rows and the cursor (inside the caller's transaction). */
async function clearServerData(): Promise<void> {
  await Promise.all(serverTables().map((t) => t.clear()));
  await db.syncState.bulkDelete(['cursor', 'lastPullAt']);
}

/** Staff have seen the "local data was reloaded" notice. */
export async function acknowledgeEviction(): Promise<void> {
  await deleteState('evictedAt');
}
