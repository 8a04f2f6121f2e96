import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GUEST_BOOKING_MESSAGES } from '@shared/contracts/guest-bookings.js';
import { DEFAULT_CANCELLATION_POLICY, describeCancellationPolicy } from '@shared/domain/cancellation-policy.js';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import type { PaystackCallbacks } from '@/lib/load-paystack.js';
import { depositBooking } from '@/test/fixtures.js';
import { renderApp } from '@/test/render-app.js';
import { server } from '@/test/server.js';
import { keepServedFields } from '@/lib/served-page-data.js';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const API = `/api/guest/bookings/${TOKEN}`;
const today = todayInLodge(new Date());

/** Paystack's inline script as the booking flow meets it: resumeTransaction calls back at once. */
function stubPaystack(outcome: (callbacks: PaystackCallbacks) => void) {
  const opened: string[] = [];
  window.PaystackPop = class {
    resumeTransaction(accessCode: string, callbacks: PaystackCallbacks) {
      opened.push(accessCode);
      outcome(callbacks);
      return undefined;
    }
  };
  return opened;
}

// The booking page asks how far the register is; by default nobody is registered yet.
const registerAnswer = (registered: number, adultsExpected = 2) => ({
  reference: 'LDG-2026-00123',
  checkInDate: addDays(today, 60),
  checkOutDate: addDays(today, 63),
  adultsExpected,
  retentionMonths: 24,
  lodgeName: 'Marula Lodge',
  entries: Array.from({ length: registered }, (_, i) => ({
    id: `0b6f3c1e-8a57-4a5e-9d41-7f0c2b9e1a1${i}`,
    fullNames: 'Thandi',
    surname: 'Mokoena',
    idType: 'SA ID',
    nationality: 'ZA',
    residenceStatus: 'Citizen',
    hasSignature: true,
    hasIdCopy: true,
    capturedAt: new Date().toISOString(),
  })),
  open: true,
});

beforeEach(() => {
  server.use(http.get(`${API}/register`, () => HttpResponse.json(registerAnswer(0))));
});

afterEach(() => {
  delete window.PaystackPop;
  localStorage.clear();
  keepServedFields('/', {});
});

describe('/my-booking/:token', () => {
  it('opens on the booking the server wrote into its page, without asking the API for it', async () => {
    let asked = 0;
    server.use(
      http.get(API, () => {
        asked++;
        return HttpResponse.json(depositBooking({ guestName: 'Asked Again' }));
      }),
      http.get(`${API}/register`, () => HttpResponse.json(registerAnswer(1))),
    );
    keepServedFields(`/my-booking/${TOKEN}`, { guestBooking: depositBooking() });
    renderApp(`/my-booking/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Thandi Mokoena' })).toBeInTheDocument();
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R5,775.00');
    // The register's progress is still asked for (its answer is drawn); the booking is not.
    expect(await screen.findByTestId('register-progress')).toHaveTextContent('Register: 1 of 2 adults');
    expect(asked).toBe(0);
  });

  it.each([
    ["another booking's page", `/my-booking/tok_${'x'.repeat(43)}`, depositBooking()],
    ['a copy that breaks the contract', `/my-booking/${TOKEN}`, { ...depositBooking(), balanceDue: 'a lot' }],
  ])('asks the API when the page was served with %s', async (_case, path, guestBooking) => {
    server.use(http.get(API, () => HttpResponse.json(depositBooking({ guestName: 'Asked Again' }))));
    keepServedFields(path, { guestBooking });
    renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Asked Again' })).toBeInTheDocument();
  });

  it('shows a deposit booking: stay, total, paid, balance and its due date, payments and the policy', async () => {
    server.use(http.get(API, () => HttpResponse.json(depositBooking())));
    renderApp(`/my-booking/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Thandi Mokoena' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('LDG-2026-00123');
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Deposit paid');
    expect(screen.getByText('River Suite · River Suite 2')).toBeInTheDocument();
    expect(screen.getByText(`${formatStayDate(addDays(today, 60))}, from 14:00`)).toBeInTheDocument();
    expect(screen.getByText(`${formatStayDate(addDays(today, 63))}, by 10:00`)).toBeInTheDocument();
    expect(screen.getByText('R8,250.00')).toBeInTheDocument();
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('R2,475.00');
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R5,775.00');
    expect(screen.getByTestId('balance-due-date')).toHaveTextContent(formatStayDate(addDays(today, 30)));
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText('R2,475.00')).toBeInTheDocument();
    expect(screen.getByText('Cancel 14 to 29 days before arrival: 50% of what you have paid is refunded.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount to pay')).toHaveValue('5775.00');
    expect(screen.getByRole('button', { name: 'Pay R5,775.00 by card' })).toBeEnabled();
    // A card booking has no EFT proof to upload.
    expect(screen.queryByRole('heading', { name: 'Upload proof of payment' })).not.toBeInTheDocument();
  });

  it('leads to the pre-arrival check-in while the stay is upcoming, with the register so far', async () => {
    server.use(
      http.get(API, () => HttpResponse.json(depositBooking())),
      http.get(`${API}/register`, () => HttpResponse.json(registerAnswer(1))),
    );
    renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Pre-arrival check-in' })).toHaveAttribute('href', `/my-booking/${TOKEN}/check-in`);
    expect(await screen.findByTestId('register-progress')).toHaveTextContent('Register: 1 of 2 adults');
  });

  it('offers no check-in for a stay that is cancelled or has begun', async () => {
    server.use(http.get(API, () => HttpResponse.json(depositBooking({ status: 'Checked-In', checkInDate: today, checkOutDate: addDays(today, 2) }))));
    renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByTestId('booking-status')).toHaveTextContent('Checked-In');
    expect(screen.queryByRole('link', { name: 'Pre-arrival check-in' })).not.toBeInTheDocument();
  });

  it('marks an overdue balance', async () => {
    server.use(http.get(API, () => HttpResponse.json(depositBooking({ balanceDueDate: addDays(today, -2) }))));
    renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByTestId('balance-due-date')).toHaveTextContent(`${formatStayDate(addDays(today, -2))} (overdue)`);
  });

  it('pays part of the balance through Paystack, verifies it and shows Payment received with the new balance', async () => {
    let paid = false;
    let started: unknown;
    let verified: unknown;
    server.use(
      http.get(API, () =>
        HttpResponse.json(paid ? depositBooking({ amountPaid: 4475, balanceDue: 3775 }) : depositBooking()),
      ),
      http.post(`${API}/payments`, async ({ request }) => {
        started = await request.json();
        return HttpResponse.json({ access_code: 'ac_balance_1', reference: 'LDG-2026-00123-B1', public_key: 'pk_test_x', amount: 2000 });
      }),
      http.post('/api/payments/verify', async ({ request }) => {
        verified = await request.json();
        paid = true;
        return HttpResponse.json({
          message: 'Payment verified',
          reference: 'LDG-2026-00123-B1',
          bookingId: 'b-1',
          bookingReference: 'LDG-2026-00123',
          status: 'Confirmed',
          paymentStatus: 'Deposit Paid',
          amount: 2000,
        });
      }),
    );
    const opened = stubPaystack((callbacks) => callbacks.onSuccess?.({ reference: 'LDG-2026-00123-B1' }));
    const { user } = renderApp(`/my-booking/${TOKEN}`);

    const amount = await screen.findByLabelText('Amount to pay');
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(screen.getByRole('button', { name: 'Pay R2,000.00 by card' }));

    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText(/Thank you: R2,000.00 has been paid. The balance is now R3,775.00./)).toBeInTheDocument();
    expect(started).toEqual({ amount: 2000 });
    expect(opened).toEqual(['ac_balance_1']);
    expect(verified).toEqual({ reference: 'LDG-2026-00123-B1' });
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R3,775.00');
    expect(screen.getByLabelText('Amount to pay')).toHaveValue('3775.00');
  });

  it('checks the amount as the API does before anything is sent', async () => {
    let calls = 0;
    server.use(
      http.get(API, () => HttpResponse.json(depositBooking())),
      http.post(`${API}/payments`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'should not be called' }, { status: 500 });
      }),
    );
    stubPaystack(() => undefined);
    const { user } = renderApp(`/my-booking/${TOKEN}`);
    const amount = await screen.findByLabelText('Amount to pay');
    await user.clear(amount);
    await user.type(amount, '0.50');
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(screen.getByText(GUEST_BOOKING_MESSAGES.amountTooSmall)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '6000');
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(screen.getByText(GUEST_BOOKING_MESSAGES.amountTooLarge('R5,775.00'))).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('shows the API message when Paystack is down (502) and changes nothing', async () => {
    let verifyCalls = 0;
    server.use(
      http.get(API, () => HttpResponse.json(depositBooking())),
      http.post(`${API}/payments`, () => HttpResponse.json({ message: GUEST_BOOKING_MESSAGES.paymentUnavailable }, { status: 502 })),
      http.post('/api/payments/verify', () => {
        verifyCalls += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const opened = stubPaystack((callbacks) => callbacks.onSuccess?.({ reference: 'x' }));
    const { user } = renderApp(`/my-booking/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Pay R5,775.00 by card' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent(GUEST_BOOKING_MESSAGES.paymentUnavailable);
    expect(opened).toEqual([]);
    expect(verifyCalls).toBe(0);
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R5,775.00');
    expect(screen.getByRole('button', { name: 'Pay R5,775.00 by card' })).toBeEnabled();
  });

  it('states the refund in the dialog before the guest confirms, then shows Cancelled and the refund', async () => {
    let cancelled = false;
    let body: unknown;
    const tier2 = { allowed: true, refundPercent: 50, refundAmount: 2475, policy: describeCancellationPolicy(DEFAULT_CANCELLATION_POLICY) };
    server.use(
      http.get(API, () =>
        HttpResponse.json(
          cancelled
            ? depositBooking({
                status: 'Cancelled',
                amountPaid: 2475,
                balanceDue: 0,
                balanceDueDate: null,
                cancellation: { ...tier2, allowed: false, refundAmount: 0, refundPercent: 0 },
                payments: [
                  { date: new Date().toISOString(), amount: 4950, method: 'Card', kind: 'payment' },
                  { date: new Date().toISOString(), amount: 2475, method: 'Card refund under way', kind: 'refund' },
                ],
              })
            : depositBooking({ checkInDate: addDays(today, 20), checkOutDate: addDays(today, 22), amountPaid: 4950, balanceDue: 3300, cancellation: tier2 }),
        ),
      ),
      http.post(`${API}/cancel`, async ({ request }) => {
        body = await request.json();
        cancelled = true;
        return HttpResponse.json({ status: 'Cancelled', refundAmount: 2475 });
      }),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking LDG-2026-00123?' });
    expect(within(dialog).getByText('You will be refunded R2,475.00 (50% of what you have paid).')).toBeInTheDocument();
    expect(cancelled).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Change of plans');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel my booking' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeInTheDocument();
    expect(body).toEqual({ reason: 'Change of plans' });
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(screen.getByText(/Refund: R2,475.00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    const refundRow = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem')[1];
    expect(refundRow).toHaveTextContent('Card refund under way');
    expect(refundRow).toHaveTextContent('-R2,475.00');
    // A cancelled stay owes nothing more: no balance, no payment form.
    expect(screen.queryByTestId('balance-due')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pay balance' })).not.toBeInTheDocument();
  });

  it('does not offer cancelling when the policy does not allow it', async () => {
    server.use(
      http.get(API, () =>
        HttpResponse.json(depositBooking({ cancellation: { allowed: false, refundPercent: 0, refundAmount: 0, policy: ['Cancel any time before arrival: no refund.'] } })),
      ),
    );
    renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByText('This booking can no longer be cancelled here. Please contact the lodge.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('answers an unknown link with the API message and a new-link form that shows the 202 message', async () => {
    let asked: unknown;
    server.use(
      http.get(API, () => HttpResponse.json({ message: GUEST_BOOKING_MESSAGES.notFound }, { status: 404 })),
      http.post('/api/guest/booking-links', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ message: GUEST_BOOKING_MESSAGES.linkSent }, { status: 202 });
      }),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByText(GUEST_BOOKING_MESSAGES.notFound)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(screen.getByText(GUEST_BOOKING_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(screen.getByText(GUEST_BOOKING_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(asked).toBeUndefined();

    await user.type(screen.getByLabelText(/Booking reference/), 'ldg-2026-00123');
    await user.type(screen.getByLabelText(/Email/), ' Thandi@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(GUEST_BOOKING_MESSAGES.linkSent)).toBeInTheDocument();
    expect(asked).toEqual({ reference: 'ldg-2026-00123', email: 'thandi@example.com' });
  });

  it('offers the new-link form at /my-booking without a token', async () => {
    renderApp('/my-booking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your booking' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Send me a new link' })).toBeInTheDocument();
  });

  it('uploads proof of an EFT and shows the API message when the file is too large (413)', async () => {
    let uploads = 0;
    server.use(
      http.get(API, () => HttpResponse.json(depositBooking({ paymentMethod: 'EFT', cardPaymentsAvailable: false }))),
      http.post(`${API}/proofs`, () => {
        uploads += 1;
        return uploads === 1
          ? HttpResponse.json({ message: GUEST_BOOKING_MESSAGES.fileTooLarge }, { status: 413 })
          : HttpResponse.json({ id: 'p-1', fileName: 'eft-slip.pdf', uploadedAt: new Date().toISOString() }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}`);
    const input = await screen.findByLabelText('Proof of payment file');
    expect(screen.queryByRole('heading', { name: 'Pay balance' })).not.toBeInTheDocument();

    await user.upload(input, new File(['%PDF-1.4 slip'], 'eft-slip.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(GUEST_BOOKING_MESSAGES.fileTooLarge)).toBeInTheDocument();

    await user.upload(input, new File(['%PDF-1.4 slip'], 'eft-slip.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Uploaded eft-slip.pdf. The lodge will check it and confirm by e-mail.')).toBeInTheDocument();
    expect(uploads).toBe(2);
  });

  it('refuses a file over 5 MB or of another type on the device, with the API’s words', async () => {
    let uploads = 0;
    server.use(
      http.get(API, () => HttpResponse.json(depositBooking({ paymentMethod: 'EFT' }))),
      http.post(`${API}/proofs`, () => {
        uploads += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderApp(`/my-booking/${TOKEN}`);
    const input = await screen.findByLabelText('Proof of payment file');
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(GUEST_BOOKING_MESSAGES.fileTooLarge)).toBeInTheDocument();
    // user-event honours the accept attribute; a phone's picker may let "All files" through, so the page checks too.
    const word = new File(['x'], 'slip.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(input, { target: { files: [word] } });
    expect(await screen.findByText(GUEST_BOOKING_MESSAGES.fileType)).toBeInTheDocument();
    expect(uploads).toBe(0);
  });

  it('keeps the last answer on this device (keyed by a hash, never the token) and shows it offline with actions disabled', async () => {
    server.use(http.get(API, () => HttpResponse.json(depositBooking())));
    const first = renderApp(`/my-booking/${TOKEN}`);
    await screen.findByTestId('balance-due');
    await waitFor(() => expect(Object.keys(localStorage).some((k) => k.startsWith('my-booking:'))).toBe(true));
    const keys = Object.keys(localStorage);
    expect(keys.some((k) => k.includes(TOKEN))).toBe(false);
    expect(keys.find((k) => k.startsWith('my-booking:'))).toMatch(/^my-booking:[0-9a-f]{64}$/);
    first.unmount();

    server.use(http.get(API, () => HttpResponse.error()));
    renderApp(`/my-booking/${TOKEN}`);
    expect(await screen.findByText(/Last updated/)).toBeInTheDocument();
    expect(screen.getByText(/Paying, uploading proof and cancelling need an internet connection./)).toBeInTheDocument();
    expect(screen.getByTestId('balance-due')).toHaveTextContent('R5,775.00');
    expect(screen.getByRole('button', { name: 'Pay R5,775.00 by card' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
  });
});

describe('/booking-confirmation', () => {
  it('links to the page where a guest manages their booking', async () => {
    renderApp('/booking-confirmation');
    expect(await screen.findByRole('link', { name: 'Manage your booking' })).toHaveAttribute('href', '/my-booking');
  });
});
