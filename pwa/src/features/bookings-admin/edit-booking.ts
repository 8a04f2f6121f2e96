import { BOOKING_MESSAGES, type Booking } from '@shared/contracts/bookings.js';
import type { BookingStatus, PaymentMethod, PaymentStatus } from '@shared/domain/booking-status.js';

/** The edit form's payment statuses (docs/product.md, Booking Management); Refunded comes only from a refund. */
export const EDITABLE_PAYMENT_STATUSES = ['Pending', 'Paid', 'Deposit Paid'] as const satisfies readonly PaymentStatus[];
/** The edit form also offers Cash (docs/product.md, Statuses). */
export const EDIT_PAYMENT_METHODS = ['Card', 'EFT', 'Cash'] as const satisfies readonly PaymentMethod[];

export interface EditBookingForm {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  totalAmount: string;
  specialRequests: string;
}

export function editFormOf(b: Pick<Booking, 'status' | 'paymentStatus' | 'paymentMethod' | 'totalAmount' | 'specialRequests'>): EditBookingForm {
  return {
    status: b.status,
    paymentStatus: b.paymentStatus ?? 'Pending',
    paymentMethod: b.paymentMethod ?? 'EFT',
    totalAmount: String(b.totalAmount),
    specialRequests: b.specialRequests ?? '',
  };
}

export interface EditPlan {
  /** Through the outbox: safe offline. */
  status?: BookingStatus;
  specialRequests?: string;
  /** Only online (PUT): money and payment records are the server's to check. */
  online: { paymentStatus?: PaymentStatus; paymentMethod?: PaymentMethod; totalAmount?: number };
}

/** What changed, split into the offline-safe edits and those that need the network. */
export function planEdit(before: EditBookingForm, after: EditBookingForm): EditPlan | { error: string } {
  const plan: EditPlan = { online: {} };
  if (after.status !== before.status) plan.status = after.status;
  if (after.specialRequests.trim() !== before.specialRequests.trim()) plan.specialRequests = after.specialRequests.trim();
  if (after.paymentStatus !== before.paymentStatus) plan.online.paymentStatus = after.paymentStatus;
  if (after.paymentMethod !== before.paymentMethod) plan.online.paymentMethod = after.paymentMethod;
  if (after.totalAmount.trim() !== before.totalAmount.trim()) {
    const total = Number(after.totalAmount);
    if (after.totalAmount.trim() === '' || !Number.isFinite(total) || total < 0) return { error: BOOKING_MESSAGES.amountInvalid };
    plan.online.totalAmount = Math.round(total * 100) / 100;
  }
  return plan;
}

export const needsNetwork = (plan: EditPlan) => Object.keys(plan.online).length > 0;
export const isEmptyPlan = (plan: EditPlan) => plan.status === undefined && plan.specialRequests === undefined && !needsNetwork(plan);
