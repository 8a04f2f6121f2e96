import type { Knex } from 'knex';

/** Deletes the links to the bookings' pages (a guest's erasure); how many. */
export async function deleteLinksOf(trx: Knex.Transaction, bookingIds: readonly string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const rows: { id: string }[] = await trx('guest_booking_links').whereIn('booking_id', bookingIds).delete().returning('id');
  return rows.length;
}
