import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface WaitlistRow {
  id: string;
  name: string;
  email: string;
  check_in_date: string;
  check_out_date: string;
  number_of_guests: number;
  accommodation_type_id: string;
  created_at: Date;
  notified_at: Date | null;
}

export interface NewWaitlistEntry {
  name: string;
  email: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  accommodationTypeId: string;
}

export async function insertEntry(db: Db, e: NewWaitlistEntry, now: Date): Promise<string> {
  const [row] = await db('waitlist_entries')
    .insert({
      name: e.name,
      email: e.email,
      check_in_date: e.checkIn,
      check_out_date: e.checkOut,
      number_of_guests: e.guests,
      accommodation_type_id: e.accommodationTypeId,
      created_at: now,
    })
    .returning('id');
  return row.id as string;
}

/** The same request still waiting (the address in any case): a second join is the first. */
export async function findWaitingSame(db: Db, e: NewWaitlistEntry): Promise<string | undefined> {
  const row = await db('waitlist_entries')
    .first('id')
    .whereRaw('lower(email) = lower(?)', [e.email])
    .where({ accommodation_type_id: e.accommodationTypeId, check_in_date: e.checkIn, check_out_date: e.checkOut })
    .whereNull('notified_at');
  return row?.id as string | undefined;
}

/** Every entry, oldest first (the order guests are told in). */
export function listEntries(db: Db): Promise<WaitlistRow[]> {
  return db('waitlist_entries').select('*').orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

/** Deletes one entry; the row it was, or undefined when there was none. */
export async function deleteEntry(db: Db, id: string): Promise<WaitlistRow | undefined> {
  const [row] = await db('waitlist_entries').where({ id }).del().returning('*');
  return row;
}

export async function insertFreedNights(db: Db, range: { start: string; end: string }, reason: string): Promise<void> {
  await db('waitlist_freed_nights').insert({ start_date: range.start, end_date: range.end, reason });
}

/** The freed ranges not yet matched, locked for this run; another run passes over them. */
export function claimFreedNights(trx: Knex.Transaction, limit: number): Promise<{ id: number; start_date: string; end_date: string }[]> {
  return trx('waitlist_freed_nights').select('id', 'start_date', 'end_date').orderBy('id').limit(limit).forUpdate().skipLocked();
}

export async function deleteFreedNights(trx: Knex.Transaction, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx('waitlist_freed_nights').whereIn('id', ids).del();
}

/**
 * Entries not told yet, whose check-in is `today` or later and whose stay shares a night with
 * one of the ranges, oldest first, locked (SKIP LOCKED: a staff member removing one meanwhile).
 */
export function claimWaitingOverlapping(
  trx: Knex.Transaction,
  ranges: { start: string; end: string }[],
  today: string,
): Promise<WaitlistRow[]> {
  if (ranges.length === 0) return Promise.resolve([]);
  return trx('waitlist_entries')
    .select('*')
    .whereNull('notified_at')
    .where('check_in_date', '>=', today)
    .where((q) => {
      for (const r of ranges) q.orWhere((o) => o.where('check_in_date', '<', r.end).andWhere('check_out_date', '>', r.start));
    })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .forUpdate()
    .skipLocked();
}

export async function markNotified(trx: Knex.Transaction, id: string, now: Date): Promise<void> {
  await trx('waitlist_entries').where({ id }).update({ notified_at: now });
}

/** Deletes the entries left with an address (a guest's erasure); their ids. */
export async function deleteEntriesOf(trx: Knex.Transaction, email: string): Promise<string[]> {
  const rows: { id: string }[] = await trx('waitlist_entries').whereRaw('lower(email) = lower(?)', [email]).del().returning('id');
  return rows.map((r) => r.id);
}
