import { lazyPage } from '@/lib/lazy-page.js';

/*
 * The booking page's step screens load as chunks of their own, so the page's frame (title,
 * stepper, the step's box) paints without waiting for them: the first step alone brings
 * MUI X's date pickers and date-fns, the later ones the forms and Paystack's flow. Opening
 * /booking preloads the first step beside the page (routes.tsx, preloadRoute), and the page
 * preloads the next step while the guest fills in the current one.
 */
export const DatesStep = lazyPage(() => import('./components/dates-step.js'), (m) => m.DatesStep);
export const AccommodationStep = lazyPage(() => import('./components/accommodation-step.js'), (m) => m.AccommodationStep);
export const GuestStep = lazyPage(() => import('./components/guest-step.js'), (m) => m.GuestStep);
export const PaymentStep = lazyPage(() => import('./components/payment-step.js'), (m) => m.PaymentStep);
export const BookingDetails = lazyPage(() => import('./components/booking-details.js'), (m) => m.BookingDetails);

/** The screen of each step (0 to 4), to preload the one after the current. */
export const STEP_SCREENS = [DatesStep, AccommodationStep, GuestStep, PaymentStep, BookingDetails] as const;
