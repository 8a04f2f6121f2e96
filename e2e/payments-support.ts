/**
 * Shared by the payments spec and its screens: a booking paid by card through the Paystack
 * double, and Booking Management's details dialog of it.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, todayInLodge } from '../shared/domain/dates.js';
import { sql } from './desk-support.js';

const controlUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

export interface PaidBooking {
  id: string;
  reference: string;
  email: string;
  total: number;
  /** The Paystack transaction's reference. */
  paystackReference: string;
  paystackUrl: string;
}

/**
 * A unit of the first type and a check-in far beyond the demo calendar, different per run,
 * so a retry never meets the last one's booking.
 */
async function farStay(request: APIRequestContext): Promise<{ unitId: string; checkIn: string }> {
  const types = (await (await request.get('/api/accommodations')).json()) as { id: string; isPackage: boolean }[];
  const units = (await (await request.get('/api/units')).json()) as { id: string; accommodationTypeId: string; isActive: boolean }[];
  const type = types.find((t) => !t.isPackage)!;
  const unit = units.find((u) => u.accommodationTypeId === type.id && u.isActive)!;
  return { unitId: unit.id, checkIn: addDays(todayInLodge(new Date()), 420 + Math.floor(Math.random() * 300)) };
}

/** A guest's one-night EFT booking (an EFT hold: Provisional, payment Pending). */
export async function eftHold(request: APIRequestContext, baseURL: string, who: string): Promise<{ id: string; reference: string; email: string }> {
  const { unitId, checkIn } = await farStay(request);
  const email = `${who}.${Date.now()}@example.com`;
  const created = await request.post('/api/bookings', {
    headers: { Origin: baseURL },
    data: { unitId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 1), paymentMethod: 'EFT', guestData: { firstName: 'Ayanda', lastName: 'Khumalo', email } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, reference } = (await created.json()) as { id: string; reference: string };
  return { id, reference, email };
}

/** A unit booking paid by card: initialize, the double takes the payment, verify. */
export async function cardPaidBooking(request: APIRequestContext, baseURL: string, who: string): Promise<PaidBooking> {
  const { unitId, checkIn } = await farStay(request);
  const email = `${who}.${Date.now()}@example.com`;
  const init = await request.post('/api/payments/initialize', {
    headers: { Origin: baseURL },
    data: {
      bookingData: { unitId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), numberOfGuests: 2, paymentMethod: 'Card' },
      guestData: { firstName: 'Pieter', lastName: 'Nel', email },
    },
  });
  expect(init.status(), await init.text()).toBe(200);
  const { reference, bookingId } = (await init.json()) as { reference: string; bookingId: string };
  const { url: paystackUrl } = (await (await request.get(`${controlUrl}/paystack`)).json()) as { url: string };
  expect((await request.post(`${paystackUrl}/__test/pay`, { data: { reference } })).status()).toBe(200);
  const verified = await request.post('/api/payments/verify', { headers: { Origin: baseURL }, data: { reference } });
  expect(verified.status(), await verified.text()).toBe(200);
  const [row] = await sql<{ reference: string; total_amount: string; payment_status: string }>(
    'select reference, total_amount, payment_status from bookings where id = ?',
    [bookingId],
  );
  expect(row.payment_status).toBe('Paid');
  return { id: bookingId, reference: row.reference, email, total: Number(row.total_amount), paystackReference: reference, paystackUrl };
}

/** Booking Management, the booking found by its guest's e-mail, its details open. */
export async function openDetails(page: Page, booking: PaidBooking) {
  await page.goto('/admin/bookings');
  await page.getByRole('textbox', { name: 'Search' }).fill(booking.email);
  await page.getByRole('button', { name: `View booking ${booking.id.slice(0, 8)}` }).click();
  return page.getByRole('dialog', { name: 'Booking Details' });
}

/** An amount as the screens write it: R3,000 or R2,499.50. */
export const rand = (n: number) => `R${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
