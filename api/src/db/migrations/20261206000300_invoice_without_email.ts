import type { Knex } from 'knex';

/**
 * An invoice or credit note for a walk-in or phone guest without an e-mail address: the
 * document keeps the guest as the booking had them, so its guest_email may be null (the
 * document is then printed or handed over at the desk; nothing is e-mailed).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE invoices ALTER COLUMN guest_email DROP NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("UPDATE invoices SET guest_email = '' WHERE guest_email IS NULL");
  await knex.raw('ALTER TABLE invoices ALTER COLUMN guest_email SET NOT NULL');
}
