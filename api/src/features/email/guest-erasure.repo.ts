import type { Knex } from 'knex';

/**
 * Blanks the outbox's messages to an address or about the bookings (a guest's erasure): the
 * address and the text go; one not yet sent is never sent (failed, saying why).
 */
export async function blankEmailsOf(trx: Knex.Transaction, email: string | null, bookingIds: readonly string[], dedupeKeys: readonly string[]): Promise<number> {
  const rows: { id: string }[] = await trx('email_outbox')
    .where((w) => {
      // No address (a walk-in guest): their bookings' mail only (none is ever queued for them).
      if (email) w.whereRaw('lower(to_address) = lower(?)', [email]);
      else w.whereRaw('false');
      if (bookingIds.length) w.orWhereIn('booking_id', bookingIds);
      if (dedupeKeys.length) w.orWhereIn('dedupe_key', dedupeKeys);
    })
    .whereNot('subject', '[removed]')
    .update({
      to_address: '[removed]',
      subject: '[removed]',
      text_body: '[removed]',
      html_body: '[removed]',
      status: trx.raw(`CASE WHEN status = 'pending' THEN 'failed' ELSE status END`),
      last_error: trx.raw(`CASE WHEN status = 'pending' THEN 'Not sent: the guest asked for their data to be erased' ELSE last_error END`),
    })
    .returning('id');
  return rows.length;
}
