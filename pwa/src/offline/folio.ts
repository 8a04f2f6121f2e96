import { SyncOperationArgs } from '@shared/contracts/sync.js';
import type { Folio, FolioCharge, FolioPayment } from '@shared/contracts/folio.js';
import { nightCount } from '@shared/domain/dates.js';
import { centsToRand, randToCents } from '@shared/domain/money.js';
import { FOLIO_LINE_KEYS, buildFolioLines, chargeAmountCents, type BuiltFolio, type FolioChargeBasis } from '@shared/domain/folio.js';
import { db, fromStoredBooking, type OutboxEntry } from './db.js';
import { nightsToRelease } from '@shared/domain/early-departure.js';
import { isInFlight, isReleaseOp } from './overlay.js';

/**
 * A booking's folio as this device can build it, online or not (docs/design.md, The folio):
 * the shared builder fed with the stay from the device's booking, the charges it pulled (and
 * any newer ones the last fetched folio had), the charges queued here and not yet on the
 * server (marked pending), and the discounts, payments and tax settings of the folio last
 * fetched online (they change only online). A device that never fetched this folio knows no
 * payments: `fetched` says so, and the screen says so too.
 */
export interface LocalFolio extends BuiltFolio {
  /** The booking the folio is of (an entire-lodge unit's is its parent's). */
  bookingId: string;
  reference: string;
  payments: FolioPayment[];
  tax: Folio['tax'];
  /** Charge ids queued on this device and not yet answered by the server. */
  pendingChargeIds: string[];
  /** Whether a folio fetched from the server is behind this one (payments, discounts, tax known). */
  fetched: boolean;
  /**
   * An early departure's release queued here and not yet answered: the nights it releases.
   * Its credit is not guessed (it follows a setting and prices the device does not hold): the
   * credit line appears once the server has applied it and the booking comes back.
   */
  pendingRelease: { nights: number } | null;
}

const NO_TAX: Folio['tax'] = { vatRegistered: false, tourismLevyPercent: 0 };

/** The booking whose folio a booking's charges go to (its entire-lodge parent, or itself). */
export async function folioBookingId(bookingId: string): Promise<string> {
  const stored = await db.bookings.get(bookingId);
  return stored?.parentBookingId ?? bookingId;
}

export async function buildLocalFolio(bookingId: string): Promise<LocalFolio | null> {
  const id = await folioBookingId(bookingId);
  const [stored, cached, pulled, entries] = await Promise.all([
    db.bookings.get(id),
    db.folios.get(id),
    db.folioCharges.where('bookingId').equals(id).toArray(),
    db.outbox.where('entityId').equals(id).toArray(),
  ]);
  if (!stored && !cached) return null;
  const booking = stored ? fromStoredBooking(stored) : null;

  // The newest copy of each charge: the pull's, or the fetched folio's.
  const byId = new Map<string, FolioCharge>();
  for (const c of [...(cached?.charges ?? []), ...pulled]) {
    const seen = byId.get(c.id);
    if (!seen || seen.version < c.version) byId.set(c.id, c);
  }
  const charges: FolioChargeBasis[] = [...byId.values()];

  const stay = booking
    ? {
        name: booking.unitName ?? booking.accommodationTypeName,
        checkInDate: booking.checkInDate,
        checkOutDate: booking.checkOutDate,
        totalAmount: booking.totalAmount,
        // The server's release, once it has applied it: the credit line as the API builds it.
        ...(booking.originalCheckOutDate ? { originalCheckOutDate: booking.originalCheckOutDate, earlyDepartureCredit: booking.earlyDepartureCredit ?? 0 } : {}),
      }
    : cached!.stay;
  const nights = Math.max(1, nightCount(stay.checkInDate, stay.checkOutDate));
  const release = entries.find((e) => isReleaseOp(e.op) && isInFlight(e));
  const pendingRelease = release ? { nights: nightsToRelease(stay, String(release.args.departureDate)) } : null;
  const pendingChargeIds: string[] = [];
  for (const entry of entries.filter((e) => e.op === 'folio.addCharge' && isInFlight(e)).sort((a, b) => a.seq - b.seq)) {
    const charge = await pendingCharge(entry, nights);
    if (!charge || byId.has(charge.id)) continue;
    charges.push(charge);
    pendingChargeIds.push(charge.id);
  }

  const discount = (key: string) => -(cached?.lines.find((l) => l.key === key)?.amount ?? 0);
  const tax = cached?.tax ?? NO_TAX;
  const payments = cached?.payments ?? [];
  const built = buildFolioLines({
    stay,
    charges,
    discounts: { promo: discount(FOLIO_LINE_KEYS.promo), card: discount(FOLIO_LINE_KEYS.card) },
    payments,
    tax,
  });
  // The fetched folio knows which lines an invoice covers; a charge posted since is on none.
  const invoiced = new Map((cached?.lines ?? []).map((l) => [l.key, l.invoiceNumber]));
  return {
    ...built,
    lines: built.lines.map((l) => ({ ...l, invoiceNumber: invoiced.get(l.key) ?? null })),
    bookingId: id,
    reference: booking?.reference ?? cached!.reference,
    payments,
    tax,
    pendingChargeIds,
    fetched: cached !== undefined,
    pendingRelease,
  };
}

/** A queued folio.addCharge as the charge the server will make of it (priced from the device's catalogue). */
async function pendingCharge(entry: OutboxEntry, nights: number): Promise<FolioChargeBasis | null> {
  const parsed = SyncOperationArgs['folio.addCharge'].safeParse(entry.args);
  if (!parsed.success) return null;
  const args = parsed.data;
  const extra = await db.extras.get(args.extraId);
  if (!extra) return null;
  const cents = chargeAmountCents(extra.pricing, randToCents(extra.price), randToCents(extra.childPrice ?? extra.price), {
    quantity: args.quantity,
    adults: args.adults,
    children: args.children,
    nights,
  });
  return {
    id: args.chargeId,
    description: extra.name,
    pricing: extra.pricing,
    quantity: args.quantity,
    adults: args.adults,
    children: args.children,
    amount: centsToRand(cents),
    vatInclusive: extra.vatInclusive,
    date: args.date,
    source: 'desk',
    voidedAt: null,
    voidReason: null,
    createdAt: entry.createdAt,
  };
}

/** What the guest still owes on the folio as this device knows it; null when it never fetched the folio. */
export async function localFolioBalance(bookingId: string): Promise<number | null> {
  const folio = await buildLocalFolio(bookingId);
  return folio?.fetched ? folio.totals.balance : null;
}
