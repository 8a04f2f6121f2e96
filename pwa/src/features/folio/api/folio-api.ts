import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { Folio, FolioChargeResponse } from '@shared/contracts/folio.js';
import { apiFetch } from '@/lib/api.js';
import { db } from '@/offline/db.js';
import { buildLocalFolio, localFolioBalance, type LocalFolio } from '@/offline/folio.js';
import { useOnline, useSyncStatus } from '@/offline/hooks.js';
import { putNewer } from '@/offline/pull.js';

/**
 * The folio on screen. What is shown is always built on the device (offline/folio.ts), from
 * the device's rows and its queued charges; fetching the server's folio online only refreshes
 * what it is built from (payments, discounts, tax settings, charges posted elsewhere), so the
 * screen looks the same with the network off, queued charges marked "Not synced".
 */

const folioPath = (bookingId: string) => `/api/admin/bookings/${bookingId}/folio`;

/** Keeps a folio from the server on the device (and its charges, newest version wins). */
async function storeFolio(folio: Folio): Promise<void> {
  await db.transaction('rw', [db.folios, db.folioCharges], async () => {
    await db.folios.put(folio);
    await putNewer(db.folioCharges, folio.charges);
  });
}

async function fetchFolio(bookingId: string): Promise<Folio> {
  const folio = await apiFetch(folioPath(bookingId), { schema: Folio });
  await storeFolio(folio);
  return folio;
}

/**
 * The folio of a booking as the desk sees it; undefined while reading, null when neither the
 * booking nor a fetched folio is on the device. Online it fetches the server's again after
 * every sync (a payment or a charge made elsewhere).
 */
export function useFolio(bookingId: string): LocalFolio | null | undefined {
  const online = useOnline();
  const { lastPullAt } = useSyncStatus();
  useQuery({
    queryKey: ['folio', bookingId, lastPullAt],
    queryFn: () => fetchFolio(bookingId),
    enabled: online,
    retry: false,
    staleTime: 0,
  });
  return useLiveQuery(() => buildLocalFolio(bookingId), [bookingId]);
}

/**
 * The folio balance to confirm a check-out with: the server's folio when online (fetched now),
 * else the device's; null when the device has never fetched it (then the payment status decides).
 */
export async function folioBalanceForCheckOut(bookingId: string): Promise<number | null> {
  if (typeof navigator === 'undefined' || navigator.onLine) {
    try {
      await fetchFolio(bookingId);
    } catch {
      // No answer: the device's copy decides.
    }
  }
  return localFolioBalance(bookingId);
}

/** Voids a charge (Manager, SuperAdmin; online only: an invoice may already cover it). */
export async function voidFolioCharge(bookingId: string, chargeId: string, reason: string): Promise<void> {
  const res = await apiFetch(`${folioPath(bookingId)}/charges/${chargeId}/void`, { method: 'POST', body: { reason }, schema: FolioChargeResponse });
  await storeFolio(res.folio);
}
