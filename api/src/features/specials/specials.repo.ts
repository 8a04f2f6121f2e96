import type { Knex } from 'knex';
import type { SpecialOffer, SpecialOfferRequest } from '../../../../shared/contracts/specials.js';
import type { IsoDate } from '../../../../shared/domain/dates.js';

type Db = Knex | Knex.Transaction;

interface SpecialRow {
  id: string;
  name: string;
  description: string;
  stay_from: string;
  stay_to: string;
  stay_nights: number;
  pay_nights: number;
  book_from: string | null;
  book_to: string | null;
  combinable_with_promo: boolean;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  type_ids: string[] | null;
}

/** A special as stored; its types' names are the accommodations feature's (getTypeNames). */
export type StoredSpecial = Omit<SpecialOffer, 'accommodationTypeNames'>;

const iso = (d: Date | string) => new Date(d).toISOString();

const toSpecial = (r: SpecialRow): StoredSpecial => ({
  id: r.id,
  name: r.name,
  description: r.description,
  accommodationTypeIds: r.type_ids ?? [],
  stayFrom: r.stay_from,
  stayTo: r.stay_to,
  stayNights: r.stay_nights,
  payNights: r.pay_nights,
  bookFrom: r.book_from,
  bookTo: r.book_to,
  combinableWithPromo: r.combinable_with_promo,
  isActive: r.is_active,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  version: r.version,
});

const columns = (s: SpecialOfferRequest) => ({
  name: s.name,
  description: s.description,
  stay_from: s.stayFrom,
  stay_to: s.stayTo,
  stay_nights: s.stayNights,
  pay_nights: s.payNights,
  book_from: s.bookFrom,
  book_to: s.bookTo,
  combinable_with_promo: s.combinableWithPromo,
  is_active: s.isActive,
});

function specialsQuery(db: Db) {
  return db('special_offers as s').select(
    's.id',
    's.name',
    's.description',
    's.stay_nights',
    's.pay_nights',
    's.combinable_with_promo',
    's.is_active',
    's.created_at',
    's.updated_at',
    's.version',
    db.raw('s.stay_from::text AS stay_from'),
    db.raw('s.stay_to::text AS stay_to'),
    db.raw('s.book_from::text AS book_from'),
    db.raw('s.book_to::text AS book_to'),
    db.raw(
      `COALESCE((SELECT json_agg(x.accommodation_type_id ORDER BY x.accommodation_type_id)
                 FROM special_offer_types x WHERE x.special_offer_id = s.id), '[]'::json) AS type_ids`,
    ),
  );
}

/** Every special, by stay start and then name. */
export async function listSpecials(db: Db): Promise<StoredSpecial[]> {
  const rows: SpecialRow[] = await specialsQuery(db).orderBy([{ column: 's.stay_from' }, { column: 's.name' }, { column: 's.id' }]);
  return rows.map(toSpecial);
}

/**
 * What a guest may still use on `today` (a lodge date): active, some stay night not yet past,
 * and the booking window (when there is one) not closed. Soonest stay first.
 */
export async function listOpenSpecials(db: Db, today: IsoDate): Promise<StoredSpecial[]> {
  const rows: SpecialRow[] = await specialsQuery(db)
    .where('s.is_active', true)
    .andWhere('s.stay_to', '>=', today)
    .andWhere((q) => q.whereNull('s.book_to').orWhere('s.book_to', '>=', today))
    .orderBy([{ column: 's.stay_from' }, { column: 's.name' }, { column: 's.id' }]);
  return rows.map(toSpecial);
}

export async function findSpecial(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<StoredSpecial | undefined> {
  if (opts.forUpdate && !(await db('special_offers').where({ id }).forUpdate().first('id'))) return undefined;
  const row: SpecialRow | undefined = await specialsQuery(db).where('s.id', id).first();
  return row ? toSpecial(row) : undefined;
}

export async function insertSpecial(db: Db, s: SpecialOfferRequest): Promise<string> {
  const [row] = await db('special_offers').insert(columns(s)).returning('id');
  return row.id;
}

/** The table has no touch trigger: the version and updated_at move here, with the write. */
export async function updateSpecial(db: Db, id: string, s: SpecialOfferRequest): Promise<void> {
  await db('special_offers')
    .where({ id })
    .update({ ...columns(s), version: db.raw('version + 1'), updated_at: db.fn.now() });
}

export async function replaceSpecialTypes(db: Db, id: string, typeIds: readonly string[]): Promise<void> {
  await db('special_offer_types').where({ special_offer_id: id }).delete();
  if (typeIds.length) {
    await db('special_offer_types').insert(typeIds.map((typeId) => ({ special_offer_id: id, accommodation_type_id: typeId })));
  }
}

/** Its type links go with it (ON DELETE CASCADE); bookings keep their discount (SET NULL). */
export async function deleteSpecial(db: Db, id: string): Promise<void> {
  await db('special_offers').where({ id }).delete();
}
