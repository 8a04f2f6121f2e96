import type { DbOrTx } from '../../db/transaction.js';
import type { Extra } from '../../../../shared/contracts/folio.js';
import { toExtra, type ExtraRow } from './extras-sync.js';

/**
 * The extras catalogue's door for other features. The folio prices a posted charge from the
 * catalogue as it is at the moment of posting, through this function only.
 */

/** An extra by id, through the caller's transaction, or undefined. */
export async function getExtraForCharge(db: DbOrTx, extraId: string): Promise<Extra | undefined> {
  const row: ExtraRow | undefined = await db('extras').where({ id: extraId }).first();
  return row ? toExtra(row) : undefined;
}
