import type { DbOrTx, Tx } from '../../db/transaction.js';

/** SQL of guest_booking_links (owned by the guest-bookings feature). */

export async function insertLink(trx: Tx, row: { bookingId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await trx('guest_booking_links').insert({ booking_id: row.bookingId, token_hash: row.tokenHash, expires_at: row.expiresAt });
}

/** The booking of a link whose hash is this, while it has not expired. */
export async function findLiveLink(db: DbOrTx, tokenHash: string, now: Date): Promise<{ bookingId: string; tokenHash: string } | undefined> {
  const row = await db('guest_booking_links')
    .select('booking_id', 'token_hash')
    .where('token_hash', tokenHash)
    .andWhere('expires_at', '>', now)
    .first();
  return row ? { bookingId: row.booking_id, tokenHash: row.token_hash } : undefined;
}
