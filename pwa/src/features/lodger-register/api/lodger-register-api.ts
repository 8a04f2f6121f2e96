import { useQuery } from '@tanstack/react-query';
import { BookingRegisterResponse, LodgerRegisterResponse } from '@shared/contracts/lodger-register.js';
import { addDays, dayOfWeek, todayInLodge, type IsoDate } from '@shared/domain/dates.js';
import { ApiError, NetworkError, apiFetch, withParams } from '@/lib/api.js';

/** The register of lodgers, read by every staff role (online only: it is never kept on a device). */

interface RegisterRange {
  from: IsoDate;
  to: IsoDate;
}

/** This week at the lodge, Monday to Sunday: the register page's first range. */
export function lodgeWeek(now: Date): RegisterRange {
  const today = todayInLodge(now);
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

/** GET /api/admin/lodger-register?from&to&q: the entries of the stays in the range. */
export function useLodgerRegister(filter: RegisterRange & { q?: string }, enabled = true) {
  return useQuery({
    queryKey: ['lodger-register', filter] as const,
    queryFn: ({ signal }) => apiFetch('/api/admin/lodger-register', { params: { ...filter }, schema: LodgerRegisterResponse, signal }),
    // Personal data: read fresh each time and not kept once the page is left.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    enabled,
  });
}

/** The printable register of a range (the browser saves it; the session cookie goes along). */
export const lodgerRegisterPdfUrl = (range: RegisterRange) => withParams('/api/admin/lodger-register/pdf', { ...range });

/** GET /api/admin/bookings/:id/register: the stay's entries and "n of m adults". */
export function useBookingRegister(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: ['booking-register', bookingId] as const,
    queryFn: ({ signal }) => apiFetch(`/api/admin/bookings/${bookingId}/register`, { schema: BookingRegisterResponse, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    enabled,
  });
}

/**
 * GET /api/admin/register/attachments/:id: an ID copy or a signature as a Blob. Every read is
 * written to the audit log by the server, so it is fetched only when someone asks to see it.
 */
export async function fetchRegisterFile(attachmentId: string, signal?: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/register/attachments/${attachmentId}`, { credentials: 'include', signal });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text || null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(res.status, body, text, res.statusText);
  }
  try {
    return await res.blob();
  } catch (err) {
    throw new NetworkError(err);
  }
}
