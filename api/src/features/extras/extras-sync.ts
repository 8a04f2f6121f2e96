import type { DbOrTx } from '../../db/transaction.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type { Extra } from '../../../../shared/contracts/folio.js';

/**
 * The extras catalogue as the offline sync pull serves it (the front desk posts charges from
 * it with the network off), by the ids of one page of the change feed.
 */

export interface ExtraRow {
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

export function toExtra(row: ExtraRow): Extra {
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

export async function getExtrasByIds(db: DbOrTx, ids: readonly string[]): Promise<Extra[]> {
  if (ids.length === 0) return [];
  const rows: ExtraRow[] = await db('extras').whereIn('id', ids);
  return rows.map(toExtra);
}
