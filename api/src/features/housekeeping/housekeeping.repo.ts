import type { Knex } from 'knex';
import type { OutOfOrderPeriod } from '../../../../shared/contracts/accommodations.js';

/** The housekeeping feature's statements: the unit_out_of_order table (the units are the accommodations feature's). */
type Db = Knex | Knex.Transaction;

interface PeriodRow {
  id: string;
  unit_id: string;
  start_date: string;
  end_date: string;
  note: string;
}

const toPeriod = (r: PeriodRow): OutOfOrderPeriod & { unitId: string } => ({
  id: r.id,
  unitId: r.unit_id,
  startDate: r.start_date,
  endDate: r.end_date,
  note: r.note,
});

export async function insertPeriod(
  db: Db,
  p: { unitId: string; startDate: string; endDate: string; note: string; userId: string },
): Promise<OutOfOrderPeriod & { unitId: string }> {
  const [row]: PeriodRow[] = await db('unit_out_of_order')
    .insert({ unit_id: p.unitId, start_date: p.startDate, end_date: p.endDate, note: p.note, created_by_user_id: p.userId })
    .returning(['id', 'unit_id', db.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), db.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"), 'note']);
  return toPeriod(row);
}

export async function findPeriodForUpdate(trx: Knex.Transaction, id: string): Promise<(OutOfOrderPeriod & { unitId: string }) | undefined> {
  const row: PeriodRow | undefined = await trx('unit_out_of_order')
    .where({ id })
    .forUpdate()
    .first('id', 'unit_id', trx.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), trx.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"), 'note');
  return row ? toPeriod(row) : undefined;
}

export async function deletePeriod(db: Db, id: string): Promise<void> {
  await db('unit_out_of_order').where({ id }).delete();
}

/** The period ends on `endDate` (the first day the unit is back). */
export async function endPeriod(db: Db, id: string, endDate: string): Promise<void> {
  await db('unit_out_of_order').where({ id }).update({ end_date: endDate });
}
