import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Outlet, ScrollRestoration } from 'react-router';
import { STAFF_ROLES } from '../../../shared/roles.js';
import { AccommodationsPage } from '../features/accommodations/accommodations-page.js';
import { HomePage } from '../features/home/home-page.js';
import { ProtectedRoute } from './guards/protected-route.js';
import { RequireCapability } from './guards/require-capability.js';
import { AdminLayout } from './layouts/admin-layout.js';
import { PublicLayout } from './layouts/public-layout.js';
import { NotFoundPage } from './not-found-page.js';
import { RouteErrorPage } from './route-error-page.js';

// Pages beyond the landing page load on demand (the service worker precaches them all).
function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}
const AccommodationsAdminPage = lazyPage(() => import('../features/admin/pages/accommodations-page.js'), (m) => m.AccommodationsAdminPage);
const BookingsPage = lazyPage(() => import('../features/admin/pages/bookings-page.js'), (m) => m.BookingsPage);
const CalendarPage = lazyPage(() => import('../features/admin/pages/calendar-page.js'), (m) => m.CalendarPage);
const DashboardPage = lazyPage(() => import('../features/admin/pages/dashboard-page.js'), (m) => m.DashboardPage);
const EventsPage = lazyPage(() => import('../features/admin/pages/events-page.js'), (m) => m.EventsPage);
const RatesPage = lazyPage(() => import('../features/admin/pages/rates-page.js'), (m) => m.RatesPage);
const SettingsPage = lazyPage(() => import('../features/admin/pages/settings-page.js'), (m) => m.SettingsPage);
const AuthPage = lazyPage(() => import('../features/auth/auth-page.js'), (m) => m.AuthPage);
const BookingConfirmationPage = lazyPage(() => import('../features/booking/booking-confirmation-page.js'), (m) => m.BookingConfirmationPage);
const BookingPage = lazyPage(() => import('../features/booking/booking-page.js'), (m) => m.BookingPage);
const ContactPage = lazyPage(() => import('../features/contact/contact-page.js'), (m) => m.ContactPage);
const PaymentReturnPage = lazyPage(() => import('../features/payments/payment-return-page.js'), (m) => m.PaymentReturnPage);

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Every route of public-site.md and back-office.md section 2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/home', element: <HomePage /> },
          { path: '/auth', element: <AuthPage /> },
          { path: '/accommodations', element: <AccommodationsPage /> },
          { path: '/booking', element: <BookingPage /> },
          { path: '/booking-confirmation', element: <BookingConfirmationPage /> },
          { path: '/payment-return', element: <PaymentReturnPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Staff only: guests see Access Denied; visitors are told and sent to /auth.
        path: '/admin',
        element: (
          <ProtectedRoute roles={STAFF_ROLES} loadingLabel="Loading..." whenLoggedOut="notify">
            <AdminLayout />
          </ProtectedRoute>
        ),
        children: [
          {
            index: true,
            element: (
              <RequireCapability capability="dashboard" deniedMessage="You don't have permission to access the dashboard.">
                <DashboardPage />
              </RequireCapability>
            ),
          },
          {
            path: 'calendar',
            element: (
              <RequireCapability capability="calendar" deniedMessage="You don't have permission to access the booking calendar.">
                <CalendarPage />
              </RequireCapability>
            ),
          },
          {
            path: 'accommodations',
            element: (
              <RequireCapability
                capability="viewAccommodations"
                deniedMessage="You don't have permission to access accommodation management."
              >
                <AccommodationsAdminPage />
              </RequireCapability>
            ),
          },
          {
            path: 'accommodations/new',
            element: (
              <RequireCapability
                capability="viewAccommodations"
                deniedMessage="You don't have permission to access accommodation management."
              >
                <AccommodationsAdminPage creating />
              </RequireCapability>
            ),
          },
          {
            path: 'bookings',
            element: (
              <RequireCapability capability="manageBookings" deniedMessage="You don't have permission to access booking management.">
                <BookingsPage />
              </RequireCapability>
            ),
          },
          {
            path: 'rates',
            element: (
              <RequireCapability capability="rates" deniedMessage="You don't have permission to access rate management.">
                <RatesPage />
              </RequireCapability>
            ),
          },
          {
            path: 'events',
            element: (
              <RequireCapability capability="events" deniedMessage="You don't have permission to access event management.">
                <EventsPage />
              </RequireCapability>
            ),
          },
          {
            path: 'settings',
            element: (
              <RequireCapability capability="settings" deniedMessage="You don't have permission to access settings.">
                <SettingsPage />
              </RequireCapability>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
