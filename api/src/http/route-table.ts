/**
 * Every API route and who may call it: the one table the routers' guards and the
 * authorization matrix test (route-table.integration.test.ts) both read.
 *
 * ADDING A ROUTE (read this before merging a branch that adds one):
 *  1. Register the route in its feature's *.routes.ts as usual, WITHOUT a role guard
 *     (no requireCapability / requireAuth): createApp's applyRouteTable() puts the guard of
 *     this table in front of every route.
 *  2. Add one row below: the method, the full path exactly as registered (with the /api
 *     prefix and :params), and `access`:
 *       'public'     anyone, logged in or not (the handler may still refuse, e.g. by body);
 *       'signed-in'  any logged-in user, guests included (401 otherwise);
 *       'webhook'    no session at all: the handler authenticates the caller itself (a
 *                    signature); everyone without one gets 401;
 *       a Capability of shared/roles.ts: 401 not logged in, 403 a role without it.
 *  3. Run `npx vitest run api/src/http/route-table.integration.test.ts`. It fails for a
 *     registered route missing here (and for a row here with no route), and checks every
 *     row against anonymous, a guest, Receptionist, Manager and SuperAdmin.
 *     If the route takes input, add its case to api/src/http/bad-input.integration.test.ts
 *     (that test also fails for a route it does not know).
 *  A route missing from this table is refused to everyone (500, logged), never left open.
 */
import type { Capability } from '../../../shared/roles.js';

export type Access = 'public' | 'signed-in' | 'webhook' | Capability;
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteEntry {
  method: RouteMethod;
  path: string;
  access: Access;
}

const r = (method: RouteMethod, path: string, access: Access): RouteEntry => ({ method, path, access });

export const ROUTE_TABLE: readonly RouteEntry[] = [
  r('GET', '/api/health', 'public'),
  r('GET', '/api/health/db', 'public'),

  // the API described: the OpenAPI document and its reference page
  r('GET', '/api/openapi.json', 'public'),
  r('GET', '/api/docs', 'public'),
  r('GET', '/api/docs/init.js', 'public'),
  r('GET', '/api/docs/scalar.js', 'public'),

  // auth
  r('POST', '/api/login', 'public'),
  r('POST', '/api/register', 'public'),
  r('POST', '/api/logout', 'public'),
  r('GET', '/api/auth/user', 'signed-in'),

  // catalogue, availability, pricing (public booking flow)
  r('GET', '/api/accommodations', 'public'),
  r('GET', '/api/units', 'public'),
  r('POST', '/api/availability', 'public'),
  r('POST', '/api/package-availability', 'public'),
  r('POST', '/api/calculate-rate', 'public'),
  r('GET', '/api/public/settings', 'public'),
  r('GET', '/api/public/events', 'public'),
  r('GET', '/api/public/extras', 'public'),
  r('GET', '/api/public/special-offers', 'public'),
  r('GET', '/api/weather', 'public'),
  r('GET', '/api/accommodation-image', 'public'),
  r('GET', '/api/background-image', 'public'),
  r('GET', '/api/chatbot/faqs', 'public'),
  r('POST', '/api/chatbot/chat', 'public'),
  r('POST', '/api/contact', 'public'),
  r('POST', '/api/waitlist', 'public'),

  // bookings and payments (guests); a package booking (isPackageBooking) needs manageBookings,
  // checked by the handler because the body decides
  r('POST', '/api/bookings', 'public'),
  r('GET', '/api/bookings/lookup', 'public'),
  r('POST', '/api/payments/initialize', 'public'),
  r('POST', '/api/payments/verify', 'public'),
  r('POST', '/api/payments/webhook', 'webhook'),

  // the guest's own booking page, by the token in their link (the token is the credential)
  r('POST', '/api/guest/booking-links', 'public'),
  r('GET', '/api/guest/bookings/:token', 'public'),
  r('POST', '/api/guest/bookings/:token/payments', 'public'),
  r('POST', '/api/guest/bookings/:token/cancel', 'public'),
  r('GET', '/api/guest/bookings/:token/register', 'public'),
  r('PUT', '/api/guest/bookings/:token/register/:entryId', 'public'),

  // back office: accommodations and units
  r('GET', '/api/admin/accommodations', 'viewAccommodations'),
  r('POST', '/api/admin/accommodations', 'manageAccommodations'),
  r('PUT', '/api/admin/accommodations/:id', 'manageAccommodations'),
  r('DELETE', '/api/admin/accommodations/:id', 'manageAccommodations'),
  r('POST', '/api/admin/accommodations/:id/images', 'manageAccommodations'),
  r('DELETE', '/api/admin/accommodations/:id/images', 'manageAccommodations'),
  r('GET', '/api/admin/units', 'viewAccommodations'),
  r('POST', '/api/admin/units', 'manageAccommodations'),
  r('PUT', '/api/admin/units/:id', 'manageAccommodations'),
  r('DELETE', '/api/admin/units/:id', 'manageAccommodations'),

  // back office: settings
  r('GET', '/api/admin/settings', 'settings'),
  r('PUT', '/api/admin/settings', 'settings'),
  r('POST', '/api/admin/settings/test-paystack', 'settings'),
  r('GET', '/api/admin/setup-checklist', 'setupChecklist'),
  r('POST', '/api/admin/settings/hero-image', 'settings'),
  r('DELETE', '/api/admin/settings/hero-image', 'settings'),
  r('POST', '/api/admin/upload-background', 'settings'),
  r('DELETE', '/api/admin/upload-background', 'settings'),
  r('GET', '/api/admin/chat-answers', 'settings'),
  r('PUT', '/api/admin/chat-answers/:topic', 'settings'),

  // back office: payments
  r('POST', '/api/admin/payments/refund', 'refunds'),
  r('GET', '/api/admin/payments/history', 'managePayments'),
  r('POST', '/api/admin/payments/bank-statements', 'managePayments'),
  r('POST', '/api/admin/payments/bank-statements/:id/confirm', 'managePayments'),

  // back office: invoices and credit notes
  r('POST', '/api/admin/bookings/:id/invoices', 'invoices'),
  r('GET', '/api/admin/invoices', 'invoices'),
  r('GET', '/api/admin/invoices.csv', 'invoices'),
  r('GET', '/api/admin/invoices/:id', 'invoices'),
  r('GET', '/api/admin/invoices/:id/pdf', 'invoices'),
  r('POST', '/api/admin/invoices/:id/credit-notes', 'invoices'),

  // back office: rates and promo codes
  r('GET', '/api/admin/rate-overrides', 'rates'),
  r('POST', '/api/admin/rate-overrides', 'rates'),
  r('PUT', '/api/admin/rate-overrides/:id', 'rates'),
  r('DELETE', '/api/admin/rate-overrides/:id', 'rates'),
  r('GET', '/api/admin/promo-codes', 'rates'),
  r('POST', '/api/admin/promo-codes', 'rates'),
  r('PUT', '/api/admin/promo-codes/:id', 'rates'),
  r('DELETE', '/api/admin/promo-codes/:id', 'rates'),
  r('GET', '/api/admin/special-offers', 'rates'),
  r('POST', '/api/admin/special-offers', 'rates'),
  r('PUT', '/api/admin/special-offers/:id', 'rates'),
  r('DELETE', '/api/admin/special-offers/:id', 'rates'),

  // back office: the extras catalogue (every staff member reads it: the desk posts charges)
  r('GET', '/api/admin/extras', 'manageBookings'),
  r('POST', '/api/admin/extras', 'rates'),
  r('PUT', '/api/admin/extras/:id', 'rates'),
  r('DELETE', '/api/admin/extras/:id', 'rates'),

  // back office: events
  r('GET', '/api/admin/events', 'events'),
  r('POST', '/api/admin/events', 'events'),
  r('PUT', '/api/admin/events/:id', 'events'),
  r('DELETE', '/api/admin/events/:id', 'events'),
  r('GET', '/api/admin/events/:id/ticket-types', 'events'),
  r('POST', '/api/admin/events/:id/ticket-types', 'events'),
  r('PUT', '/api/admin/events/:id/ticket-types/:ticketTypeId', 'events'),
  r('DELETE', '/api/admin/events/:id/ticket-types/:ticketTypeId', 'events'),

  // back office: staff and audit
  r('GET', '/api/admin/staff', 'manageStaff'),
  r('POST', '/api/admin/staff', 'manageStaff'),
  r('PUT', '/api/admin/staff/:id', 'manageStaff'),
  r('POST', '/api/admin/staff/:id/reset-password', 'manageStaff'),
  r('GET', '/api/admin/audit', 'viewAudit'),
  r('GET', '/api/admin/waitlist', 'waitlist'),
  r('DELETE', '/api/admin/waitlist/:id', 'waitlist'),

  // back office: bookings
  r('GET', '/api/admin/bookings', 'manageBookings'),
  r('POST', '/api/admin/bookings', 'manageBookings'),
  r('PUT', '/api/admin/bookings/:id', 'manageBookings'),
  r('POST', '/api/admin/bookings/:id/release-nights', 'manageBookings'),
  r('POST', '/api/admin/bookings/:id/move', 'manageBookings'),
  r('GET', '/api/admin/bookings/:id/move-options', 'manageBookings'),
  r('DELETE', '/api/admin/bookings/:id', 'deleteBookings'),
  r('GET', '/api/admin/entire-lodge-bookings', 'manageBookings'),
  r('DELETE', '/api/admin/entire-lodge-bookings/:id', 'deleteBookings'),
  r('GET', '/api/admin/guests', 'manageBookings'),
  r('GET', '/api/admin/bookings/:id/folio', 'manageBookings'),
  r('POST', '/api/admin/bookings/:id/folio/charges', 'manageBookings'),
  r('POST', '/api/admin/bookings/:id/folio/charges/:chargeId/void', 'managePayments'),
  r('GET', '/api/admin/upcoming-arrivals', 'dashboard'),
  r('GET', '/api/admin/calendar', 'calendar'),
  r('GET', '/api/admin/system-status', 'dashboard'),

  // housekeeping: the board and a unit's cleaning status (every staff role); out of order
  // periods take a unit out of service, as managing units does (SuperAdmin, Manager)
  r('GET', '/api/admin/housekeeping', 'housekeeping'),
  r('PUT', '/api/admin/units/:id/housekeeping', 'housekeeping'),
  r('POST', '/api/admin/out-of-order', 'manageAccommodations'),
  r('DELETE', '/api/admin/out-of-order/:id', 'manageAccommodations'),

  // EFT proofs (the guest's by their link; the file only for staff) and the dashboard's money list
  r('POST', '/api/guest/bookings/:token/proofs', 'public'),
  r('GET', '/api/admin/bookings/:id/proofs', 'manageBookings'),
  r('GET', '/api/admin/bookings/:id/proofs/:proofId', 'manageBookings'),
  r('POST', '/api/admin/bookings/:id/proofs/:proofId/checked', 'manageBookings'),
  r('GET', '/api/admin/payments/attention', 'dashboard'),
  r('POST', '/api/admin/payments/eft-refunds/:id/paid', 'refunds'),

  // the register of lodgers: inspection, a booking's register, the files, a guest's erasure
  r('GET', '/api/admin/lodger-register', 'lodgerRegister'),
  r('GET', '/api/admin/lodger-register/pdf', 'lodgerRegister'),
  r('GET', '/api/admin/register/attachments/:attachmentId', 'lodgerRegister'),
  r('GET', '/api/admin/bookings/:id/register', 'lodgerRegister'),
  r('GET', '/api/admin/register/incomplete', 'lodgerRegister'),
  r('POST', '/api/admin/guests/:id/erase', 'eraseGuests'),

  // the owner's reports
  r('GET', '/api/admin/reports/summary', 'reports'),
  r('GET', '/api/admin/reports/series', 'reports'),
  // back office: channel calendars (iCal feeds imported, the units' export addresses)
  r('GET', '/api/admin/channel-feeds', 'channels'),
  r('POST', '/api/admin/channel-feeds', 'channels'),
  r('PUT', '/api/admin/channel-feeds/:id', 'channels'),
  r('DELETE', '/api/admin/channel-feeds/:id', 'channels'),
  r('POST', '/api/admin/channel-feeds/:id/sync', 'channels'),
  r('POST', '/api/admin/channel-exports/:unitId/rotate', 'channels'),

  // the offline front desk
  r('POST', '/api/sync/push', 'manageBookings'),
  r('GET', '/api/sync/pull', 'manageBookings'),
  r('PUT', '/api/sync/attachments/:attachmentId', 'manageBookings'),
  r('GET', '/api/sync/register', 'manageBookings'),
];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export function findRoute(method: string, path: string): RouteEntry | undefined {
  return ROUTE_TABLE.find((e) => e.method === method.toUpperCase() && e.path === path);
}
