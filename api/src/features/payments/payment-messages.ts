/** What the card payment use cases answer with (the PWA's payment pages show these words). */
export const PAYMENT_ERRORS = {
  notConfigured: 'The payment provider is not configured',
  cardDisabled: 'Card payments are not available at the moment. Please choose EFT.',
  initializationFailed: 'Payment initialization failed',
  verificationFailed: 'Payment verification failed',
  unknownReference: 'Payment verification failed: no booking was found for this payment reference',
  notCompleted: 'Payment was not completed. Please try again if you wish to complete your booking.',
  stillProcessing: 'Your payment is still being processed. You will receive an e-mail as soon as it is confirmed.',
  paidAfterCancellation:
    'Your payment was received, but your booking had already been released and the dates are no longer available. ' +
    'We will refund your payment in full; please contact us if you have any questions.',
  invalidSignature: 'Invalid webhook signature',
} as const;

export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';
