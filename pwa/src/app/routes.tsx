import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { HomePage } from '@/features/home/home-page.js';
import { LoadingState } from '@/components/loading-state.js';
import { lazyPage } from '@/lib/lazy-page.js';
import { PublicLayout } from './layouts/public-layout.js';
import { DatesStep } from '@/features/booking/booking-steps.js';
import { BookingFrame, BookingPageLoading } from '@/features/booking/booking-banner.js';
import { NotFoundPage } from './not-found-page.js';

// Pages beyond the landing page load on demand (the service worker precaches them all); so
// does the back-office frame, which no visitor needs.
// The door (AdminGate) comes with it: it reads the offline store, which visitors never need.
// Drawn at once when its code is already loaded (preloadBackOfficePage), as the pages inside it.
const GatedAdminLayout = lazyPage(() => import('./layouts/admin-layout.js'), (m) => m.GatedAdminLayout, { drawWhenLoaded: true });
// The pages in the frame, with the table of them (admin-routes.ts), in a chunk of their own.
const loadAdminPages = () => import('./admin-pages.js');
const AdminPages = lazyPage(loadAdminPages, (m) => m.AdminPages, { drawWhenLoaded: true });

/**
 * Resolves once the browser has painted what is on screen (the app bar and the page's
 * loading state), or after 100 ms where no frame comes (a tab in the background). A public
 * page's chunk is asked for after that first paint: on a fast line the chunk (and what it
 * brings, the date pickers on /booking) would otherwise arrive and start up before anything
 * is painted, and the visitor would look at a blank page meanwhile. It costs one frame.
 */
function afterFirstPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
const afterPaint =
  <M,>(load: () => Promise<M>) =>
  () =>
    afterFirstPaint().then(load);

const AccommodationsPage = lazyPage(afterPaint(() => import('@/features/accommodations/accommodations-page.js')), (m) => m.AccommodationsPage);
const AuthPage = lazyPage(afterPaint(() => import('@/features/auth/auth-page.js')), (m) => m.AuthPage);
const BookingConfirmationPage = lazyPage(afterPaint(() => import('@/features/booking/booking-confirmation-page.js')), (m) => m.BookingConfirmationPage);
// The first step's screen (the date pickers, the largest part) downloads beside the page's
// frame rather than after it.
const BookingPage = lazyPage(
  afterPaint(() => {
    DatesStep.preload();
    return import('@/features/booking/booking-page.js');
  }),
  (m) => m.BookingPage,
);
const ContactPage = lazyPage(afterPaint(() => import('@/features/contact/contact-page.js')), (m) => m.ContactPage);
const SpecialsPage = lazyPage(afterPaint(() => import('@/features/specials/specials-page.js')), (m) => m.SpecialsPage);
const WhatsOnPage = lazyPage(afterPaint(() => import('@/features/whats-on/whats-on-page.js')), (m) => m.WhatsOnPage);
const MyBookingPage = lazyPage(afterPaint(() => import('@/features/my-booking/my-booking-page.js')), (m) => m.MyBookingPage);
const CheckInPage = lazyPage(afterPaint(() => import('@/features/my-booking/check-in-page.js')), (m) => m.CheckInPage);
const PaymentReturnPage = lazyPage(afterPaint(() => import('@/features/payments/payment-return-page.js')), (m) => m.PaymentReturnPage);

/**
 * main.tsx: starts loading the code of the back-office page at this address, and of the
 * frame around it, beside the app's own first code. The router would otherwise ask for the
 * frame after the first render, and for the page only once the frame had drawn and the login
 * check had answered: on a tablet starting offline, three waits in series.
 */
export function preloadBackOfficePage(pathname: string): void {
  const path = pathname.replace(/\/+$/, '');
  if (path !== '/admin' && !path.startsWith('/admin/')) return;
  GatedAdminLayout.preload();
  AdminPages.preload();
  // The page's own chunk as soon as the (small) table naming it is in.
  void loadAdminPages().then((m) => m.preloadAdminPage(path), () => undefined);
}

/** Every route (docs/product.md, Public routes and Back-office routes), rendered by AppRoutes. */
export const routes: RouteObject[] = [
  {
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/home', element: <HomePage /> },
          { path: '/auth', element: <AuthPage /> },
          { path: '/accommodations', element: <AccommodationsPage /> },
          {
            path: '/booking',
            element: (
              <BookingFrame>
                <Suspense fallback={<BookingPageLoading />}>
                  <BookingPage />
                </Suspense>
              </BookingFrame>
            ),
          },
          { path: '/booking-confirmation', element: <BookingConfirmationPage /> },
          { path: '/payment-return', element: <PaymentReturnPage /> },
          { path: '/my-booking', element: <MyBookingPage /> },
          { path: '/my-booking/:token', element: <MyBookingPage /> },
          { path: '/my-booking/:token/check-in', element: <CheckInPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/whats-on', element: <WhatsOnPage /> },
          { path: '/specials', element: <SpecialsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Staff only: guests see Access Denied; visitors are told and sent to /auth. Offline,
        // the staff member this device synced for gets in (features/sync/admin-gate.tsx).
        path: '/admin',
        element: (
          <Suspense fallback={<LoadingState label="Loading..." />}>
            <GatedAdminLayout />
          </Suspense>
        ),
        // Every address below /admin goes to the pages' own routes (admin-pages.tsx), which
        // match the rest of it; the frame's outlet shows them. /admin itself needs the index
        // route: without it the frame alone would match /admin before the catch-all did.
        children: [
          { index: true, element: <AdminPages /> },
          { path: '*', element: <AdminPages /> },
        ],
      },
    ],
  },
];
