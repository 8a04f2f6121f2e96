import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyPaymentResponse } from '@shared/contracts/payments.js';
import { server } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';

const verified = (reference: string) =>
  VerifyPaymentResponse.parse({
    message: 'Payment verified',
    reference,
    bookingId: 'b-1',
    bookingReference: 'BK-4821',
    status: 'Confirmed',
    paymentStatus: 'Paid',
    amount: 9310,
  });

describe('/payment-return', () => {
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  it('says so when the URL carries no reference', async () => {
    renderApp('/payment-return');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('No payment reference found in URL parameters')).toBeInTheDocument();
  });

  it('verifies the trxref and shows Verifying, then Payment Successful', async () => {
    let body: unknown;
    // The server answers when the test has seen Verifying.
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    server.use(
      http.post('/api/payments/verify', async ({ request }) => {
        body = await request.json();
        await answered;
        return HttpResponse.json(verified('LDG-123'));
      }),
    );
    renderApp('/payment-return?trxref=LDG-123');
    expect(await screen.findByRole('heading', { name: 'Verifying Payment' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(body).toEqual({ reference: 'LDG-123' });
    expect(screen.getByText(/Booking reference: BK-4821/)).toBeInTheDocument();
  });

  it('shows the server message when verification fails', async () => {
    server.use(http.post('/api/payments/verify', () => HttpResponse.json({ message: 'Amount mismatch' }, { status: 422 })));
    renderApp('/payment-return?reference=LDG-9');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Amount mismatch')).toBeInTheDocument();
  });

  it('in a popup, tells the opener and closes itself after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    server.use(http.post('/api/payments/verify', () => HttpResponse.json(verified('LDG-7'))));

    renderApp('/payment-return?reference=LDG-7');
    expect(await screen.findByText('This window will close automatically.')).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith({ type: 'payment-complete', reference: 'LDG-7', success: true }, window.location.origin);
    expect(close).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(close).toHaveBeenCalledTimes(1);
    close.mockRestore();
  });
});
