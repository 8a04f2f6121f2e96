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

/** What a folio is built from, read in one statement (see readFolioSource). */
export interface FolioSource {
  booking: {
    id: string;
    reference: string;
    name: string;
    checkInDate: string;
    checkOutDate: string;
    totalAmount: number;
    /** After an early departure: the check-out booked and the credit for the released nights. */
    originalCheckOutDate: string | null;
    earlyDepartureCredit: number;
  };
  charges: FolioCharge[];
  ledger: { id: string; type: string; subtype: string; status: string; amountCents: number; description: string; createdAt: string }[];
  tax: { vatRegistered: boolean; tourismLevyPercent: number };
  /**
   * Folio line key -> the number of the invoice that covers it (or of the credit note that
   * does, for a line no invoice covers: an early departure's credit of invoiced nights).
   */
  invoiceNumbers: Map<string, string>;
}

interface LedgerJson {
  id: string;
  type: string;
  subtype: string;
  status: string;
  amount: number | string;
  description: string;
  created_at: string;
}

/**
 * Everything a folio is built from, in one statement: the stay's booking (the entire-lodge
 * parent of a unit's booking) with its unit's or type's name, its charges, its ledger, the
 * tax settings and which lines an invoice already covers (with the invoice's number). Undefined: no such booking. One round trip instead of five (see the table-read
 * exception in .dependency-cruiser.cjs: the folio is read on every open of a booking).
 */
export async function readFolioSource(db: Db, bookingId: string): Promise<FolioSource | undefined> {
  const res = await db.raw<{
    rows: {
      booking: Record<string, unknown> | null;
      charges: ChargeJson[];
      ledger: LedgerJson[];
      tax: { vat: boolean; levy: number | string };
      invoiced: Record<string, string>;
    }[];
  }>(
    `WITH b AS (
       SELECT b.id, b.reference, COALESCE(u.name, t.name) AS name, b.check_in_date::text AS check_in, b.check_out_date::text AS check_out,
              b.total_amount::text AS total, b.original_check_out_date::text AS original_check_out,
              b.early_departure_credit::text AS credit
         FROM bookings b
         LEFT JOIN units u ON u.id = b.unit_id
         JOIN accommodation_types t ON t.id = b.accommodation_type_id
        WHERE b.id = COALESCE((SELECT parent_booking_id FROM bookings WHERE id = ?), ?)
     )
     SELECT (SELECT row_to_json(b) FROM b) AS booking,
            (SELECT COALESCE(json_agg(c ORDER BY c.created_at, c.id), '[]') FROM folio_charges c WHERE c.booking_id = (SELECT id FROM b)) AS charges,
            (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'type', p.type, 'subtype', p.subtype, 'status', p.status,
                      'amount', p.amount::text, 'description', p.description, 'created_at', p.created_at) ORDER BY p.created_at, p.id), '[]')
               FROM payment_transactions p WHERE p.booking_id = (SELECT id FROM b)) AS ledger,
            (SELECT json_build_object('vat', s.vat_registered, 'levy', s.tourism_levy_percent::text) FROM settings s WHERE s.id = 1) AS tax,
            (SELECT COALESCE(json_object_agg(l.folio_key, i.number), '{}')
               FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
              WHERE l.booking_id = (SELECT id FROM b) AND l.folio_key IS NOT NULL
                AND (l.kind = 'invoice' OR NOT EXISTS (
                      SELECT 1 FROM invoice_lines x
                       WHERE x.booking_id = l.booking_id AND x.kind = 'invoice' AND x.folio_key = l.folio_key))) AS invoiced`,
    [bookingId, bookingId],
  );
  const row = res.rows[0];
  if (!row?.booking) return undefined;
  const b = row.booking as {
    id: string;
    reference: string;
    name: string;
    check_in: string;
    check_out: string;
    total: string;
    original_check_out: string | null;
    credit: string;
  };
  return {
    booking: {
      id: b.id,
      reference: b.reference,
      name: b.name,
      checkInDate: b.check_in,
      checkOutDate: b.check_out,
      totalAmount: money(b.total),
      originalCheckOutDate: b.original_check_out,
      earlyDepartureCredit: money(b.credit),
    },
    charges: row.charges.map((c) => toCharge(fromJson(c))),
    ledger: row.ledger.map((p) => ({
      id: p.id,
      type: p.type,
      subtype: p.subtype,
      status: p.status,
      amountCents: randToCents(p.amount),
      description: p.description,
      createdAt: iso(p.created_at),
    })),
    tax: { vatRegistered: row.tax.vat, tourismLevyPercent: Number(row.tax.levy) },
    invoiceNumbers: new Map(Object.entries(row.invoiced ?? {})),
  };
}

/** A folio_charges row as json_agg writes it (numerics as JSON numbers). */
type ChargeJson = Omit<ChargeRow, 'unit_price' | 'child_unit_price' | 'amount'> & {
  unit_price: number | string;
  child_unit_price: number | string;
  amount: number | string;
};

function fromJson(c: ChargeJson): ChargeRow {
  const text = (v: number | string) => centsToDecimalText(randToCents(v));
  return { ...c, unit_price: text(c.unit_price), child_unit_price: text(c.child_unit_price), amount: text(c.amount) };
}
