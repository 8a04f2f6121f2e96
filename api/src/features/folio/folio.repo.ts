import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface FolioChargeRow {
  id: string;
  description: string;
  quantity: number;
  amount: string;
  vat_inclusive: boolean;
  charge_date: string;
  voided_at: Date | null;
  void_reason: string | null;
}

/** A booking's posted charges, oldest first (voided ones too: the folio shows them marked). */
export async function listCharges(db: Db, bookingId: string): Promise<FolioChargeRow[]> {
  return db('folio_charges')
    .where({ booking_id: bookingId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id', 'description', 'quantity', 'amount', 'vat_inclusive', db.raw("to_char(charge_date, 'YYYY-MM-DD') as charge_date"), 'voided_at', 'void_reason');
}
