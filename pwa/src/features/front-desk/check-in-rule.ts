import { queryBookingRegister } from '@/offline/register.js';

/**
 * Whether a check-in goes through the register's check-in dialog: only when the lodge refuses a
 * check-in without a complete register and this stay's is not complete. Under 'warn' (or before
 * the device fetched the register) Check in stays one tap; the booking's details show the
 * register as a warning. Apart from the dialog so the desk's lists can ask it without loading
 * the dialog's code.
 */
export async function needsRegisterAtCheckIn(bookingId: string): Promise<boolean> {
  const register = await queryBookingRegister(bookingId);
  return register !== null && register.checkInRule === 'refuse' && !register.progress.complete;
}
