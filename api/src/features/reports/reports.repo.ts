import type { Knex } from 'knex';
import { prepared } from '../../db/prepared.js';
import { DATA_VERSION_SQL } from './data-version.js';
import { randToCents } from '../../../../shared/domain/money.js';
import { addDays } from '../../../../shared/domain/dates.js';
import type { BookingStatus } from '../../../../shared/domain/booking-status.js';
import type {
  BookingMade,
  ExtraCharge,
  MoneyStay,
  OutOfOrderPeriod,
  PaceStay,
  ReportRange,
  ReportUnit,
  UnitStay,
} from '../../../../shared/domain/reports.js';

type Db = Knex | Knex.Transaction;

/**
 * The rows a report range needs, in one statement (see the table-read exception in
 * .dependency-cruiser.cjs): the units in service, their out-of-order periods, the stays and
 * charges that touch the range, the bookings made in it, and the VAT setting. Everything is
 * filtered by the range's dates, so a year's report reads a year's rows, not the lodge's history.
 */
export interface ReportRows {
  units: ReportUnit[];
  outOfOrder: OutOfOrderPeriod[];
  unitStays: UnitStay[];
  moneyStays: MoneyStay[];
  charges: ExtraCharge[];
  made: BookingMade[];
  vatRegistered: boolean;
  /** Register entries of the stays arriving in the range, by nationality (ISO code). */
  nationalities: { code: string; guests: number }[];
}

/**
 * The rows come back as JSON arrays, not objects: a year of a busy lodge is thousands of rows,
 * and building and parsing their keys was most of the read's time.
 */
type StayJson = [
  unitId: string | null,
  parentBookingId: string | null,
  checkIn: string,
  checkOut: string,
  status: BookingStatus,
  total: number,
  credit: number,
  guestExtras: number,
  nightAmounts: number[] | null,
  typeName: string,
  channel: string | null,
  paymentMethod: string,
];
type ChargeJson = [date: string, amount: number, vatInclusive: boolean, typeName: string, channel: string | null, paymentMethod: string];
type MadeJson = [createdDate: string, checkIn: string, checkOut: string, status: BookingStatus, count: number];

export async function readReportRows(db: Db, range: ReportRange): Promise<ReportRows> {
  const afterLast = addDays(range.to, 1);
  // created_at is an instant: a day either side of the range holds every Johannesburg date in it.
  const madeFrom = `${addDays(range.from, -1)}T00:00:00Z`;
  const madeTo = `${addDays(range.to, 2)}T00:00:00Z`;
  const res = await db.raw<{
    rows: {
      units: string[];
      out_of_order: [string, string, string][];
      stays: StayJson[];
      charges: ChargeJson[];
      made: MadeJson[];
      vat: boolean | null;
      nationalities: [string, number][];
    }[];
  }>(
    `SELECT
       (SELECT COALESCE(json_agg(u.id ORDER BY u.id), '[]') FROM units u WHERE u.is_active) AS units,
       (SELECT COALESCE(json_agg(json_build_array(o.unit_id, o.start_date::text, o.end_date::text)), '[]')
          FROM unit_out_of_order o WHERE o.start_date < :afterLast AND o.end_date > :from) AS out_of_order,
       (SELECT COALESCE(json_agg(json_build_array(
                 b.unit_id, b.parent_booking_id, b.check_in_date::text, b.check_out_date::text, b.status, b.total_amount,
                 b.early_departure_credit,
                 CASE WHEN b.parent_booking_id IS NULL THEN
                   (SELECT COALESCE(sum(c.amount), 0) FROM folio_charges c WHERE c.booking_id = b.id AND c.source = 'guest')
                 ELSE 0 END,
                 b.night_amounts, t.name, b.channel, b.payment_method)), '[]')
          FROM bookings b
          JOIN accommodation_types t ON t.id = b.accommodation_type_id
         WHERE b.status <> 'Cancelled' AND b.check_in_date < :afterLast AND b.check_out_date > :from) AS stays,
       (SELECT COALESCE(json_agg(json_build_array(c.charge_date::text, c.amount, c.vat_inclusive, t.name, b.channel, b.payment_method)), '[]')
          FROM folio_charges c
          JOIN bookings b ON b.id = c.booking_id
          JOIN accommodation_types t ON t.id = b.accommodation_type_id
         WHERE c.charge_date >= :from AND c.charge_date < :afterLast AND c.voided_at IS NULL AND b.status <> 'Cancelled') AS charges,
       -- Bookings alike are one row with their count. Johannesburg keeps no daylight saving:
       -- its date of an instant is the UTC one two hours on.
       (SELECT COALESCE(json_agg(json_build_array(m.created::text, m.check_in::text, m.check_out::text, m.status, m.n)), '[]')
          FROM (SELECT ((b.created_at AT TIME ZONE 'UTC') + interval '2 hours')::date AS created, b.check_in_date AS check_in,
                       b.check_out_date AS check_out, b.status, count(*) AS n
                  FROM bookings b
                 WHERE b.parent_booking_id IS NULL
                   AND ((b.created_at >= :madeFrom AND b.created_at < :madeTo) OR (b.check_in_date >= :from AND b.check_in_date < :afterLast))
                 GROUP BY 1, 2, 3, 4) m
         WHERE (m.created >= :from AND m.created < :afterLast) OR (m.check_in >= :from AND m.check_in < :afterLast)) AS made,
       (SELECT s.vat_registered FROM settings s WHERE s.id = 1) AS vat,
       (SELECT COALESCE(json_agg(json_build_array(n.code, n.guests) ORDER BY n.guests DESC, n.code), '[]') FROM (
          SELECT r.nationality AS code, count(*) AS guests
            FROM register_entries r
            JOIN bookings b ON b.id = r.booking_id
           WHERE r.deidentified_at IS NULL AND r.nationality <> '' AND b.status <> 'Cancelled'
             AND b.check_in_date >= :from AND b.check_in_date < :afterLast
           GROUP BY r.nationality) n) AS nationalities`,
    { from: range.from, afterLast, madeFrom, madeTo },
  );
  const row = res.rows[0];
  const unitStays: UnitStay[] = [];
  const moneyStays: MoneyStay[] = [];
  for (const [unitId, parentId, checkIn, checkOut, status, total, credit, guestExtras, nightAmounts, type, channel, paymentMethod] of row.stays) {
    if (unitId) unitStays.push({ unitId, checkInDate: checkIn, checkOutDate: checkOut, status });
    if (!parentId) {
      moneyStays.push({
        checkInDate: checkIn,
        checkOutDate: checkOut,
        status,
        accommodationCents: randToCents(total) - randToCents(guestExtras) - randToCents(credit),
        nightAmounts,
        type,
        channel,
        paymentMethod,
      });
    }
  }
  return {
    units: row.units.map((id) => ({ id })),
    outOfOrder: row.out_of_order.map(([unitId, startDate, endDate]) => ({ unitId, startDate, endDate })),
    unitStays,
    moneyStays,
    charges: row.charges.map(([date, amount, vatInclusive, type, channel, paymentMethod]) => ({
      date,
      amountCents: randToCents(amount),
      vatInclusive,
      type,
      channel,
      paymentMethod,
    })),
    made: row.made.map(([createdDate, checkInDate, checkOutDate, status, count]) => ({ createdDate, checkInDate, checkOutDate, status, count: Number(count) })),
    vatRegistered: row.vat ?? false,
    nationalities: row.nationalities.map(([code, guests]) => ({ code, guests: Number(guests) })),
  };
}

/**
 * The unit rows whose booked nights touch either window (the coming months, and the same
 * months a year earlier), cancelled ones included: pace asks what was on the books at an
 * instant, and a stay cancelled since was on them then. Instants as epoch milliseconds.
 */
export async function readPaceStays(db: Db, windows: readonly ReportRange[]): Promise<PaceStay[]> {
  const clauses = windows.map(() => '(b.check_in_date < ? AND COALESCE(b.original_check_out_date, b.check_out_date) > ?)').join(' OR ');
  const bindings = windows.flatMap((w) => [addDays(w.to, 1), w.from]);
  const res = await db.raw<{ rows: { stays: [string, string, string, number, number | null][] }[] }>(
    `SELECT COALESCE(json_agg(json_build_array(b.unit_id, b.check_in_date::text, COALESCE(b.original_check_out_date, b.check_out_date)::text,
              floor(extract(epoch FROM b.created_at) * 1000),
              CASE WHEN b.status = 'Cancelled' THEN floor(extract(epoch FROM COALESCE(b.cancelled_at, b.updated_at)) * 1000) END)), '[]') AS stays
       FROM bookings b
      WHERE b.unit_id IS NOT NULL AND (${clauses})`,
    bindings,
  );
  return res.rows[0].stays.map(([unitId, checkInDate, bookedCheckOutDate, createdAt, cancelledAt]) => ({
    unitId,
    checkInDate,
    bookedCheckOutDate,
    createdAt: new Date(Number(createdAt)),
    cancelledAt: cancelledAt === null ? null : new Date(Number(cancelledAt)),
  }));
}

/**
 * The version of everything the reports read (migration 20261206000600_reports_version): it
 * grows with every committed change to bookings, units, types, out-of-order periods, folio
 * charges, the settings or the register.
 */
export async function readReportsVersion(db: Db): Promise<string> {
  const res = await prepared('reports_version', db.raw<{ rows: { version: string }[] }>(`SELECT ${DATA_VERSION_SQL} AS version`));
  return res.rows[0].version;
}
