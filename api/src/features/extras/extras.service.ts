import type { DbOrTx } from '../../db/transaction.js';
import { randToCents, centsToRand } from '../../../../shared/domain/money.js';
import type { Extra } from '../../../../shared/contracts/folio.js';

/**
 * The extras catalogue's door for other features. The folio prices a posted charge from the
 * catalogue as it is at the moment of posting, through this function only.
 */

interface ExtraRow {
  id: string;
  name: string;
  description: string | null;
  price: string;
  child_price: string | null;
  pricing: Extra['pricing'];
  vat_inclusive: boolean;
  bookable_online: boolean;
  is_active: boolean;
  version: number;
  updated_at: Date;
}

const money = (v: string) => centsToRand(randToCents(v));

/** An extra by id, through the caller's transaction, or undefined. */
export async function getExtraForCharge(db: DbOrTx, extraId: string): Promise<Extra | undefined> {
  const row: ExtraRow | undefined = await db('extras').where({ id: extraId }).first();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: money(row.price),
    childPrice: row.child_price === null ? null : money(row.child_price),
    pricing: row.pricing,
    vatInclusive: row.vat_inclusive,
    bookableOnline: row.bookable_online,
    isActive: row.is_active,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
