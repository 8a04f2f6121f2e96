import { z } from 'zod';
import { BOOKING_STATUSES, GUEST_PAYMENT_METHODS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../domain/booking-status.js';

/*
 * The booking's messages and its status and payment fields, apart from the booking contracts
 * (bookings.ts, which re-exports them): zod builds every schema of a module when it loads, and
 * the guest's booking page and the register need these five, not bookings.ts's eighty.
 */

/** The booking forms' messages, word for word (docs/product.md, Validation messages). */
export const BOOKING_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Valid email is required',
  guestDataRequired: 'Guest details are required',
  checkInRequired: 'Check-in date is required',
  checkOutRequired: 'Check-out date is required',
  guestsRange: 'Number of guests must be between 1 and 8',
  adminGuestsRange: 'Number of guests must be between 1 and 99',
  guestPaymentMethod: 'Payment method must be Card or EFT',
  paymentMethod: 'Payment method must be Card, EFT or Cash',
  paymentStatus: 'Payment status must be Pending, Paid, Deposit Paid, Refunded, Partially Refunded or Failed',
  status: 'Status must be Provisional, Confirmed, Checked-In, Checked-Out or Cancelled',
  unitOrPackageRequired: 'unitId or packageTypeId is required',
  unitAndPackage: 'Send unitId or packageTypeId, not both',
  unitRequired: 'Please select at least one unit',
  totalAmountRequired: 'Total amount is required',
  amountInvalid: 'Amount must be a positive number',
  nothingToUpdate: 'Nothing to update',
  overrideReasonRequired: 'Give a reason for checking the guest in before the arrival date',
  endBeforeStart: 'End date must not be before start date',
  promoCodeTooLong: 'Code too long',
  unitCountRange: 'Number of units must be between 1 and 20',
  emailOrPhoneRequired: 'Give an e-mail address or a phone number',
  staffChannel: 'Channel must be Walk-in, Phone or E-mail',
} as const;

export const BookingStatusSchema = z.enum(BOOKING_STATUSES, { error: BOOKING_MESSAGES.status });
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: BOOKING_MESSAGES.paymentStatus });
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: BOOKING_MESSAGES.paymentMethod });
export const GuestPaymentMethodSchema = z.enum(GUEST_PAYMENT_METHODS, { error: BOOKING_MESSAGES.guestPaymentMethod });
