import type { Knex } from 'knex';
import type { Extra, ExtraRequest } from '../../../../shared/contracts/folio.js';
import type { ExtraPricing } from '../../../../shared/domain/folio.js';
import { centsToRand, randToCents } from '../../../../shared/domain/money.js';

type Db = Knex | Knex.Transaction;

interface ExtraRow {
  id: string;
  name: string;
  description: string | null;
  price: string;
  child_price: string | null;
  pricing: ExtraPricing;
  vat_inclusive: boolean;
  bookable_online: boolean;
  is_active: boolean;
  version: number;
  updated_at: Date | string;
}

const rand = (v: string) => centsToRand(randToCents(v));

const toExtra = (r: ExtraRow): Extra => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: rand(r.price),
  childPrice: r.child_price == null ? null : rand(r.child_price),
  pricing: r.pricing,
  vatInclusive: r.vat_inclusive,
  bookableOnline: r.bookable_online,
  isActive: r.is_active,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const columns = (e: ExtraRequest) => ({
  name: e.name,
  description: e.description,
  price: e.price.toFixed(2),
  child_price: e.childPrice == null ? null : e.childPrice.toFixed(2),
  pricing: e.pricing,
  vat_inclusive: e.vatInclusive,
  bookable_online: e.bookableOnline,
  is_active: e.isActive,
});

/** The whole catalogue, by name (the admin page and the desk's list). */
export async function listExtras(db: Db): Promise<Extra[]> {
  const rows: ExtraRow[] = await db('extras').orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toExtra);
}

/** What a guest may add online: active and bookable online, by name. */
export async function listBookableExtras(db: Db): Promise<Extra[]> {
  const rows: ExtraRow[] = await db('extras')
    .where({ is_active: true, bookable_online: true })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toExtra);
}

export async function findExtra(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Extra | undefined> {
  const q = db<ExtraRow>('extras').where({ id });
  if (opts.forUpdate) q.forUpdate();
  const row: ExtraRow | undefined = await q.first();
  return row ? toExtra(row) : undefined;
}

/** Several extras by id (a guest's choices), in one statement. */
export async function findExtras(db: Db, ids: readonly string[]): Promise<Extra[]> {
  if (ids.length === 0) return [];
  const rows: ExtraRow[] = await db('extras').whereIn('id', ids);
  return rows.map(toExtra);
}

export async function insertExtra(db: Db, e: ExtraRequest): Promise<string> {
  const [row] = await db('extras').insert(columns(e)).returning('id');
  return row.id;
}

export async function updateExtra(db: Db, id: string, e: ExtraRequest): Promise<void> {
  await db('extras').where({ id }).update(columns(e));
}

export async function deleteExtra(db: Db, id: string): Promise<void> {
  await db('extras').where({ id }).delete();
}

export async function deactivateExtra(db: Db, id: string): Promise<void> {
  await db('extras').where({ id }).update({ is_active: false });
}
