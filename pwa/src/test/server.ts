import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '@shared/contracts/auth.js';
import { accommodations, publicSettings, publicUnits, weather } from './fixtures.js';

/** The API's signed-in hint cookie, as a login or logout would leave it. */
export function setSignedInHint(signedIn: boolean) {
  document.cookie = signedIn ? 'lodge_signed_in=1; path=/' : 'lodge_signed_in=; path=/; max-age=0';
}

/**
 * Who GET /api/auth/user answers with; null is a visitor (401). Sets the API's signed-in hint
 * cookie to match, as the login that made this session would have.
 */
export function signedInAs(user: User | null) {
  if (typeof document !== 'undefined') setSignedInHint(user !== null);
  return http.get('/api/auth/user', () =>
    user ? HttpResponse.json(user) : HttpResponse.json({ message: 'Not logged in' }, { status: 401 }),
  );
}

/** The API as a visitor meets it; tests override per case with server.use(...). */
export const defaultHandlers = [
  signedInAs(null),
  http.get('/api/public/settings', () => HttpResponse.json(publicSettings)),
  http.get('/api/accommodations', () => HttpResponse.json(accommodations)),
  http.get('/api/units', () => HttpResponse.json(publicUnits)),
  http.get('/api/weather', () => HttpResponse.json(weather)),
  http.get('/api/public/events', () => HttpResponse.json([])),
  http.get('/api/public/special-offers', () => HttpResponse.json([])),
  http.get('/api/public/extras', () => HttpResponse.json([])),
  http.get('/api/admin/extras', () => HttpResponse.json([])),
  http.post('/api/logout', () => HttpResponse.json({ message: 'Logged out' })),
  // The back office runs the offline sync; by default the server has nothing new.
  http.get('/api/sync/pull', () =>
    HttpResponse.json({ cursor: 'c0', hasMore: false, changes: { accommodationTypes: [], units: [], bookings: [] }, deleted: [] }),
  ),
  // The desk's register: a server without it by default (the desk then checks in at one tap).
  http.get('/api/sync/register', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  // A booking's folio: unreachable by default (the device's own copy decides, as offline).
  http.get('/api/admin/bookings/:id/folio', () => HttpResponse.error()),
  // A SuperAdmin's dashboard asks for the first-run checklist; by default all is set.
  http.get('/api/admin/setup-checklist', () => HttpResponse.json({ items: [], complete: true })),
  http.get('/api/admin/system-status', () =>
    HttpResponse.json({
      checkedAt: '2026-01-01T08:00:00.000Z',
      database: { reachable: true },
      email: { backlog: 0, failed: 0, lastFailure: null },
      paymentProvider: { name: 'Paystack', configured: true, cardPaymentsEnabled: true },
    }),
  ),
  // The dashboard's payments needing attention: by default nothing; a booking's proofs: none.
  http.get('/api/admin/payments/attention', () => HttpResponse.json({ overdueBalances: [], proofsToCheck: [], eftRefundsOwed: [] })),
  http.get('/api/admin/bookings/:id/proofs', () => HttpResponse.json([])),
  // The register of lodgers: nothing incomplete; a booking's register unreachable (left out).
  http.get('/api/admin/register/incomplete', () => HttpResponse.json({ bookings: [] })),
  http.get('/api/admin/channel-feeds', () => HttpResponse.json({ feeds: [], units: [], clashes: [] })),
  http.get('/api/admin/bookings/:id/register', () => HttpResponse.error()),
  http.get('/api/admin/lodger-register', ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({ from: url.searchParams.get('from'), to: url.searchParams.get('to'), entries: [] });
  }),
  http.get('/api/admin/guests', () => HttpResponse.json([])),
  // ... and cannot be reached for a push unless a test says otherwise (changes stay queued).
  http.post('/api/sync/push', () => HttpResponse.error()),
];

export const server = setupServer(...defaultHandlers);
