import type { Knex } from 'knex';

type Tx = Knex.Transaction;

/**
 * A guest's erasure in the tables of the bookings feature: the guest record and the name,
 * e-mail, requests and notes each booking keeps of them. The bookings themselves stay (dates,
 * money, status: the lodge's accounts need them), under an anonymous name.
 */
export async function anonymiseGuestAndBookings(
  trx: Tx,
  guestId: string,
  anonymous: { name: string; email: string },
): Promise<{ email: string | null; bookingIds: string[] } | undefined> {
  // email null: a walk-in or phone guest who never gave an address.
  const guest: { email: string | null } | undefined = await trx('guests').where({ id: guestId }).forUpdate().first('email');
  if (!guest) return undefined;
  await trx('guests').where({ id: guestId }).update({
    first_name: anonymous.name,
    last_name: '',
    email: anonymous.email,
    phone: null,
    address: null,
  });
  const bookings: { id: string }[] = await trx('bookings')
    .where({ guest_id: guestId })
    .update({ guest_name: anonymous.name, guest_email: anonymous.email, special_requests: null, cancellation_reason: null, hold_source: null })
    .returning('id');
  return { email: guest.email, bookingIds: bookings.map((b) => b.id) };
}
