/** The booking flow's messages, word for word (docs/product.md, Messages and errors). */
export const BOOKING_FLOW_MESSAGES = {
  availabilityFailed: 'Failed to check availability',
  ratesFailed: 'Failed to calculate rates',
  invalidDates: { title: 'Invalid Dates', text: 'Please select valid check-in and check-out dates' },
  unavailable: { title: 'Unavailable', text: 'This accommodation is not available for the selected dates' },
  noUnits: { title: 'No Units Available', text: 'No units are available for this accommodation type' },
  missingInformation: { title: 'Missing Information', text: 'Please complete all previous steps before submitting.' },
  bookingFailed: { title: 'Booking Failed', text: 'Failed to create booking. Please try again.' },
} as const;

export const PAYMENT_FLOW_MESSAGES = {
  failed: 'Payment Failed',
  missing: 'Missing booking or guest information',
  loadFailed: { title: 'Failed to load payment system', text: 'Please check your connection and refresh the page.' },
  notConfigured: { title: 'The payment provider is not configured', text: 'Please contact support.' },
  initializationFailed: 'Payment initialization failed',
  verificationFailed: 'Payment verification failed',
  cancelled: { title: 'Payment Cancelled', text: 'Your payment was cancelled. Please try again if you wish to complete your booking.' },
} as const;
