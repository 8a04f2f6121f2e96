import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Extra, Folio, FolioCharge } from '@shared/contracts/folio.js';
import { db } from './db.js';
import { buildLocalFolio, localFolioBalance } from './folio.js';
import { OfflineEditError, addFolioCharge } from './outbox.js';
import { queryBooking } from './queries.js';
import { isoDay, makeBooking, resetDevice, seedLocal, testId } from './test-support.js';

beforeEach(() => resetDevice());

const drive: Extra = {
  id: testId(7001),
  name: 'Morning game drive',
  description: null,
  price: 650,
  childPrice: 325,
  pricing: 'per_person',
  vatInclusive: true,
  bookableOnline: false,
  isActive: true,
  version: 1,
  updatedAt: '2026-01-01T08:00:00.000Z',
};

/** The folio as the server last answered it: R4200 stay, a R500 promo, R1000 paid, VAT-registered. */
function fetchedFolio(bookingId: string, charges: FolioCharge[] = []): Folio {
  return {
    bookingId,
    reference: 'LDG-X',
    lines: [
      { key: 'discount:promo', kind: 'discount', description: 'Promo code discount', date: isoDay(0), quantity: 1, unitAmount: -500, amount: -500, vat: -65.22, chargeId: null, voided: false, voidReason: null, invoiceNumber: null },
    ],
    payments: [{ id: 'p1', type: 'payment', method: 'cash', status: 'success', amount: 1000, date: '2026-01-01T08:00:00.000Z', description: 'Cash payment received' }],
    totals: { charges: 4200, vat: 0, paid: 1000, refunded: 0, balance: 3200 },
    tax: { vatRegistered: true, tourismLevyPercent: 0 },
    stay: { name: 'Tent 1', checkInDate: isoDay(0), checkOutDate: isoDay(2), totalAmount: 4200 },
    charges,
  };
}

describe('the offline folio', () => {
  it('lays a charge queued offline over the fetched folio, priced from the device catalogue and marked pending', async () => {
    const booking = makeBooking({ status: 'Checked-In', numberOfGuests: 2 });
    await seedLocal({ bookings: [booking] });
    await db.extras.put(drive);
    await db.folios.put(fetchedFolio(booking.id));

    const entry = await addFolioCharge(booking.id, { extraId: drive.id, quantity: 1, adults: 2, children: 1, note: null });
    expect(entry).toMatchObject({ op: 'folio.addCharge', entityId: booking.id, baseVersion: 1, args: { extraId: drive.id, adults: 2, children: 1, quantity: 1, date: isoDay(0), note: null } });

    const folio = (await buildLocalFolio(booking.id))!;
    const chargeId = (entry.args as { chargeId: string }).chargeId;
    expect(folio.pendingChargeIds).toEqual([chargeId]);
    expect(folio.lines.map((l) => [l.key, l.amount, l.vat])).toEqual([
      // 4200 + 500 promo: 4700, VAT 4700 x 15/115 = 613.04.
      ['accommodation', 4700, 613.04],
      // 2 x 650 + 325 = 1625, VAT 211.96.
      [`charge:${chargeId}`, 1625, 211.96],
      ['discount:promo', -500, -65.22],
    ]);
    expect(folio.totals).toEqual({ charges: 5825, vat: 759.78, paid: 1000, refunded: 0, balance: 4825 });
    expect(await localFolioBalance(booking.id)).toBe(4825);
    // The booking row shows nothing pending: the charge is the folio's, not the booking's.
    expect(await queryBooking(booking.id)).toMatchObject({ pendingSync: false, notApplied: [] });

    // Once the server has it (the push's answer stored the charge), it is no longer pending.
    const posted: FolioCharge = {
      id: chargeId, bookingId: booking.id, extraId: drive.id, description: drive.name, pricing: 'per_person', unitPrice: 650, childUnitPrice: 325,
      quantity: 1, adults: 2, children: 1, nights: 2, amount: 1625, vatInclusive: true, date: isoDay(0), note: null, source: 'desk',
      createdAt: '2026-01-01T09:00:00.000Z', voidedAt: null, voidReason: null, version: 1, updatedAt: '2026-01-01T09:00:00.000Z',
    };
    await db.folioCharges.put(posted);
    const after = (await buildLocalFolio(booking.id))!;
    expect(after.pendingChargeIds).toEqual([]);
    expect(after.lines.filter((l) => l.kind === 'extra')).toHaveLength(1);
    expect(after.totals.balance).toBe(4825);
  });

  it('refuses at once what the server would: a cancelled booking, a per person extra for nobody, an unknown extra', async () => {
    const cancelled = makeBooking({ status: 'Cancelled' });
    const live = makeBooking({ status: 'Checked-In' });
    await seedLocal({ bookings: [cancelled, live] });
    await db.extras.put(drive);
    const input = { extraId: drive.id, quantity: 1, adults: 1, children: 0, note: null };
    await expect(addFolioCharge(cancelled.id, input)).rejects.toThrow(new OfflineEditError('This booking is cancelled: nothing can be charged to it', 'not_allowed'));
    await expect(addFolioCharge(live.id, { ...input, adults: 0 })).rejects.toThrow('A per person extra needs at least one adult or child');
    await expect(addFolioCharge(live.id, { ...input, extraId: testId(7999) })).rejects.toThrow('Extra not found');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a unit of an entire-lodge stay charges its parent; a device that never fetched the folio knows no balance', async () => {
    const parent = makeBooking({ unitId: null, unitName: null, accommodationTypeName: 'Entire Lodge', totalAmount: 30000 });
    const child = makeBooking({ parentBookingId: parent.id, isEntireLodgeChild: true, totalAmount: 0 });
    await seedLocal({ bookings: [parent, child] });
    await db.extras.put(drive);
    const entry = await addFolioCharge(child.id, { extraId: drive.id, quantity: 2, adults: 1, children: 0, note: 'Both mornings' });
    expect(entry.entityId).toBe(parent.id);
    const folio = (await buildLocalFolio(child.id))!;
    expect(folio).toMatchObject({ bookingId: parent.id, fetched: false, payments: [] });
    expect(folio.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Entire Lodge, 2 nights', 30000],
      ['Morning game drive (1 adult)', 1300],
    ]);
    expect(await localFolioBalance(child.id)).toBeNull();
  });
});
