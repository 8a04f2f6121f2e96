import type { Knex } from 'knex';

/** Deletes the EFT proofs of the bookings (a guest's erasure); how many. */
export async function deleteProofsOf(trx: Knex.Transaction, bookingIds: readonly string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const rows: { id: string }[] = await trx('payment_proofs').whereIn('booking_id', bookingIds).delete().returning('id');
  return rows.length;
}
