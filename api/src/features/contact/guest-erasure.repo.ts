import type { Knex } from 'knex';

/** Blanks the contact form messages sent from an address (a guest's erasure); their ids. */
export async function blankEnquiriesFrom(trx: Knex.Transaction, email: string): Promise<string[]> {
  const rows: { id: string }[] = await trx('contact_enquiries')
    .whereRaw('lower(email) = lower(?)', [email])
    .update({ name: '[removed]', email: '[removed]', phone: null, subject: null, message: '[removed]' })
    .returning('id');
  return rows.map((r) => r.id);
}
