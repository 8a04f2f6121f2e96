import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../db/transaction.js';
import { coalescedProbe } from '../../db/coalesced-reads.js';
import { NotFoundError } from '../../errors.js';
import { buildFolioLines } from '../../../../shared/domain/folio.js';
import { centsToRand, randToCents, sumCents } from '../../../../shared/domain/money.js';
import { FOLIO_MESSAGES, type Folio, type FolioCharge, type FolioPayment } from '../../../../shared/contracts/folio.js';
import type { Booking } from '../../../../shared/contracts/bookings.js';
import { getBooking } from '../bookings/queries.js';
import * as repo from './folio.repo.js';

/**
 * The booking whose folio a booking's charges go to: itself, or for a unit of an entire-lodge
 * (or group) stay, the stay's parent booking, which holds the stay's money.
 */
export async function folioBookingOf(db: DbOrTx, bookingId: string): Promise<Booking> {
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new NotFoundError(FOLIO_MESSAGES.bookingNotFound, 'not_found');
  if (!booking.parentBookingId) return booking;
  const parent = await getBooking(db, booking.parentBookingId);
  if (!parent) throw new NotFoundError(FOLIO_MESSAGES.bookingNotFound, 'not_found');
  return parent;
}

/**
 * A booking's folio (docs/design.md, The folio): its lines (the stay, the extras posted to it,
 * the discounts, the tourism levy), the payments and refunds of its ledger, and the totals,
 * all built by the one shared function the PWA's offline folio uses too. Reads through the
 * caller's transaction (the invoices feature issues an invoice from the folio it sees there),
 * in one statement.
 */
export async function buildFolio(trx: DbOrTx, bookingId: string): Promise<Folio> {
  return folioFrom(await repo.readFolioSource(trx, bookingId));
}

/**
 * GET /api/admin/bookings/:id/folio, as its JSON text: the folio read outside any transaction, concurrent reads
 * of one booking's folio sharing one statement that started after each of them asked (so each
 * sees every write committed before it; db/coalesced-reads.ts). One probe per booking id seen
 * is kept per database: a few hundred bytes per booking.
 */
export async function folioJsonForDesk(deps: Pick<Deps, 'db'>, bookingId: string): Promise<string> {
  const source = await readForDesk(deps, bookingId);
  if (!source) return JSON.stringify(folioFrom(source));
  // Requests that shared one read share its folio and its JSON text as well: under load most
  // of a folio request's time went into building and stringifying the same answer per request.
  let text = folioTexts.get(source);
  if (text === undefined) {
    text = JSON.stringify(folioFrom(source));
    folioTexts.set(source, text);
  }
  return text;
}

const folioTexts = new WeakMap<repo.FolioSource, string>();

function readForDesk(deps: Pick<Deps, 'db'>, bookingId: string): Promise<repo.FolioSource | undefined> {
  let byBooking = folioReads.get(deps.db);
  if (!byBooking) {
    byBooking = new Map();
    folioReads.set(deps.db, byBooking);
  }
  let read = byBooking.get(bookingId);
  if (!read) {
    read = coalescedProbe(() => repo.readFolioSource(deps.db, bookingId));
    byBooking.set(bookingId, read);
  }
  return read();
}
const folioReads = new WeakMap<object, Map<string, () => Promise<repo.FolioSource | undefined>>>();

function folioFrom(source: repo.FolioSource | undefined): Folio {
  if (!source) throw new NotFoundError(FOLIO_MESSAGES.bookingNotFound, 'not_found');
  const { booking, charges, ledger, tax } = source;

  const discount = (subtype: string) =>
    centsToRand(
      ledger
        .filter((e) => e.type === 'discount' && e.subtype === subtype && e.status !== 'failed')
        .reduce((sum, e) => sum + Math.abs(e.amountCents), 0),
    );
  const payments: FolioPayment[] = ledger
    .filter((e) => e.type === 'payment' || e.type === 'refund')
    .map((e) => ({
      id: e.id,
      type: e.type as FolioPayment['type'],
      method: e.subtype,
      status: e.status,
      amount: centsToRand(e.amountCents),
      date: e.createdAt,
      description: e.description,
    }));

  const stay = {
    name: booking.name,
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    totalAmount: booking.totalAmount,
    // Only after an early departure, so every other folio reads exactly as before.
    ...(booking.originalCheckOutDate ? { originalCheckOutDate: booking.originalCheckOutDate, earlyDepartureCredit: booking.earlyDepartureCredit } : {}),
  };
  const { lines, totals } = buildFolioLines(
    { stay, charges, discounts: { promo: discount('promo'), card: discount('card_discount') }, payments, tax },
    source.invoiceNumbers,
  );
  return { bookingId: booking.id, reference: booking.reference, lines, payments, totals, tax, stay, charges };
}

/**
 * What the guest pays for the stay itself (cents): the folio's accommodation line less its
 * discounts (promo, card), without extras, the levy or a credit: the amount an early departure
 * spreads over the nights (a discount the guest never paid is not given back). Through the
 * caller's transaction.
 */
export async function stayChargeCents(trx: DbOrTx, bookingId: string): Promise<number> {
  const folio = await buildFolio(trx, bookingId);
  return sumCents(folio.lines.filter((l) => l.kind === 'accommodation' || l.kind === 'discount').map((l) => randToCents(l.amount)));
}

/** Charges by id, through the caller's transaction (the sync pull's page). */
export function getFolioCharges(db: DbOrTx, ids: readonly string[]): Promise<FolioCharge[]> {
  return repo.listChargesByIds(db, ids);
}
