import type { Knex } from 'knex';
import { centsToDecimalText, centsToRand, randToCents } from '../../../../shared/domain/money.js';
import type { ExtraPricing } from '../../../../shared/domain/folio.js';
import type { FolioCharge } from '../../../../shared/contracts/folio.js';

type Db = Knex | Knex.Transaction;

/** The folio feature owns folio_charges: the charges posted to a booking, never deleted, only voided. */

interface ChargeRow {
  id: string;
  booking_id: string;
  extra_id: string;
  description: string;
  pricing: ExtraPricing;
  unit_price: string;
  child_unit_price: string;
  quantity: number;
  adults: number;
  children: number;
  nights: number;
  amount: string;
  vat_inclusive: boolean;
  charge_date: string;
  note: string | null;
  source: 'desk' | 'guest';
  created_at: Date;
  voided_at: Date | null;
  void_reason: string | null;
  version: number;
  updated_at: Date;
}

const money = (v: string) => centsToRand(randToCents(v));
const iso = (d: Date | string) => new Date(d).toISOString();

function toCharge(r: ChargeRow): FolioCharge {
  return {
    id: r.id,
    bookingId: r.booking_id,
    extraId: r.extra_id,
    description: r.description,
    pricing: r.pricing,
    unitPrice: money(r.unit_price),
    childUnitPrice: money(r.child_unit_price),
    quantity: r.quantity,
    adults: r.adults,
    children: r.children,
    nights: r.nights,
    amount: money(r.amount),
    vatInclusive: r.vat_inclusive,
    date: r.charge_date,
    note: r.note,
    source: r.source,
    createdAt: iso(r.created_at),
    voidedAt: r.voided_at ? iso(r.voided_at) : null,
    voidReason: r.void_reason,
    version: r.version,
    updatedAt: iso(r.updated_at),
  };
}

const COLUMNS = [
  'id', 'booking_id', 'extra_id', 'description', 'pricing', 'unit_price', 'child_unit_price', 'quantity', 'adults',
  'children', 'nights', 'amount', 'vat_inclusive', 'charge_date', 'note', 'source', 'created_at', 'voided_at', 'void_reason', 'version',
  'updated_at',
];

async function select(db: Db, where: (q: Knex.QueryBuilder) => void, forUpdate = false): Promise<FolioCharge[]> {
  const q = db('folio_charges')
    .select(COLUMNS);
  where(q);
  if (forUpdate) q.forUpdate();
  const rows: ChargeRow[] = await q.orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(toCharge);
}

export function listChargesOfBooking(db: Db, bookingId: string): Promise<FolioCharge[]> {
  return select(db, (q) => q.where({ booking_id: bookingId }));
}

export function listChargesByIds(db: Db, ids: readonly string[]): Promise<FolioCharge[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return select(db, (q) => q.whereIn('id', ids));
}

export async function findCharge(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<FolioCharge | undefined> {
  const [charge] = await select(db, (q) => q.where({ id }), opts.forUpdate);
  return charge;
}

export interface NewCharge {
  id: string;
  bookingId: string;
  extraId: string;
  description: string;
  pricing: ExtraPricing;
  unitPriceCents: number;
  childUnitPriceCents: number;
  quantity: number;
  adults: number;
  children: number;
  nights: number;
  amountCents: number;
  vatInclusive: boolean;
  date: string;
  note: string | null;
  source: 'desk' | 'guest';
  createdByUserId: string | null;
}

/** Inserts the charge unless its id exists already (a replay): whether it was inserted. */
export async function insertChargeIfNew(db: Db, c: NewCharge): Promise<boolean> {
  const rows: { id: string }[] = await db('folio_charges')
    .insert({
      id: c.id,
      booking_id: c.bookingId,
      extra_id: c.extraId,
      description: c.description,
      pricing: c.pricing,
      unit_price: centsToDecimalText(c.unitPriceCents),
      child_unit_price: centsToDecimalText(c.childUnitPriceCents),
      quantity: c.quantity,
      adults: c.adults,
      children: c.children,
      nights: c.nights,
      amount: centsToDecimalText(c.amountCents),
      vat_inclusive: c.vatInclusive,
      charge_date: c.date,
      note: c.note,
      source: c.source,
      created_by_user_id: c.createdByUserId,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows.length === 1;
}

export async function voidCharge(db: Db, id: string, userId: string, reason: string): Promise<void> {
  await db('folio_charges').where({ id }).whereNull('voided_at').update({
    voided_at: db.fn.now(),
    voided_by_user_id: userId,
    void_reason: reason,
  });
}
