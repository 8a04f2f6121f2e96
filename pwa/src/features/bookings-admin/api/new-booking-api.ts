import { Booking, BookingList } from '@shared/contracts/bookings.js';
import { db as offlineDb, toStoredBooking } from '@/offline/db.js';
import { CalculateRateResponse } from '@shared/contracts/pricing.js';
import { apiFetch } from '@/lib/api.js';
import { availabilityQuery } from '../new-booking.js';

/**
 * POST /api/calculate-rate for one unit of the type; the answer's totalAmount is what the form
 * uses. With a party (a per person type) the answer prices those guests across unitCount units.
 */
export async function calculateRate(
  accommodationTypeId: string,
  checkIn: string,
  checkOut: string,
  signal?: AbortSignal,
  party?: { adults: number; childAges: number[]; unitCount: number },
): Promise<number> {
  const partyBody = party ? { adults: party.adults, childAges: party.childAges, ...(party.unitCount > 1 ? { unitCount: party.unitCount } : {}) } : {};
  const answer = await apiFetch('/api/calculate-rate', { method: 'POST', body: { accommodationTypeId, checkIn, checkOut, ...partyBody }, schema: CalculateRateResponse, signal });
  return answer.totalAmount;
}

/** Free for the whole stay when no booking that is not Cancelled comes back; a failed check counts as not available. */
export async function isUnitAvailable(unitId: string, checkIn: string, checkOut: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const rows = await apiFetch('/api/admin/bookings', { params: availabilityQuery(unitId, checkIn, checkOut), schema: BookingList, signal });
    return rows.every((b) => b.status === 'Cancelled');
  } catch {
    return false;
  }
}

export interface CreateCall {
  path: '/api/admin/bookings' | '/api/bookings';
  body: Record<string, unknown>;
}

/**
 * One call after another, stopping at the first failure; answers how many were made. Each
 * booking the server answers goes into this device's store at once, so Booking Management and
 * the desk list it without waiting for the next pull (a walk-in is looked for straight away).
 */
export async function createBookings(calls: readonly CreateCall[]): Promise<{ created: number; error?: unknown }> {
  let created = 0;
  for (const call of calls) {
    try {
      const booking = await apiFetch(call.path, { method: 'POST', body: call.body, schema: Booking });
      await offlineDb.bookings.put(toStoredBooking(booking));
      created++;
    } catch (error) {
      return { created, error };
    }
  }
  return { created };
}
