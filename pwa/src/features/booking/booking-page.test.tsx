import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatLodgeDateTimeSast } from '@shared/format.js';
import { accommodations, booking, publicSettings } from '@/test/fixtures.js';
import { enterDate } from '@/test/date-field.js';
import { renderApp } from '@/test/render-app.js';
import { server } from '@/test/server.js';
import { DRAFT_STORAGE_KEY, loadDraft } from './booking-draft.js';

const today = todayInLodge(new Date());
const checkIn = addDays(today, 30);
const checkOut = addDays(today, 32);
const stayQuery = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;

const units = accommodations
  .filter((t) => !t.isPackage)
  .map((t, i) => ({ id: `unit-${i}`, name: `${t.name} 1`, accommodationTypeId: t.id, isActive: true, version: 1, updatedAt: '2026-01-01T00:00:00.000Z' }));

function rate(total: number, promoDiscount = 0) {
  const eft = total - promoDiscount;
  const card = Math.round(eft * 0.95);
  return {
    totalAmount: eft,
    cardTotal: card,
    amountDue: eft,
    breakdown: {
      nights: [
        { date: checkIn, kind: 'weekday', rate: total / 2 },
        { date: addDays(checkIn, 1), kind: 'weekday', rate: total / 2 },
      ],
      nightCount: 2,
      subtotal: total,
      promoDiscount,
      cardDiscount: eft - card,
      totalAmount: eft,
      cardTotal: card,
      minimumStay: 1,
      ...(promoDiscount ? { promoCode: 'SAFARI10' } : {}),
    },
  };
}

const holdExpiresAt = new Date(Date.now() + 48 * 3_600_000);

function flowHandlers({ unavailable = [] as string[] } = {}) {
  const bookingsPosted: { body: unknown; key: string | null }[] = [];
  server.use(
    http.get('/api/units', () => HttpResponse.json(units)),
    http.post('/api/availability', async ({ request }) => {
      const body = (await request.json()) as { accommodationTypeId: string };
      const free = !unavailable.includes(body.accommodationTypeId);
      return HttpResponse.json({ available: free, availableUnits: free ? 1 : 0, totalUnits: 1 });
    }),
    http.post('/api/calculate-rate', async ({ request }) => {
      const body = (await request.json()) as { promoCode?: string };
      if (body.promoCode === 'NOPE') {
        return HttpResponse.json({ message: 'Promo code not found', code: 'invalid_promo', errors: { promoCode: 'Promo code not found' } }, { status: 422 });
      }
      return HttpResponse.json(rate(5000, body.promoCode === 'SAFARI10' ? 500 : 0));
    }),
    http.post('/api/bookings', async ({ request }) => {
      bookingsPosted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return HttpResponse.json(booking({ reference: 'WL-7KQ3XM', guestEmail: 'lerato@example.com' }), { status: 201 });
    }),
    http.get('/api/bookings/lookup', () =>
      HttpResponse.json({
        reference: 'WL-7KQ3XM',
        status: 'Provisional',
        paymentStatus: 'Pending',
        paymentMethod: 'EFT',
        checkInDate: checkIn,
        checkOutDate: checkOut,
        numberOfGuests: 2,
        accommodationTypeName: 'Luxury Safari Suite',
        unitName: 'Suite 1',
        totalAmount: 4500,
        holdExpiresAt: holdExpiresAt.toISOString(),
        bankDetails: { bankName: 'First National Bank', accountHolder: 'Marula Ridge (Pty) Ltd', accountNumber: '62841057723', branchCode: '250655' },
      }),
    ),
  );
  return { bookingsPosted };
}

// The page and the date pickers are a big lazy chunk: transform it once before the clock starts.
beforeAll(async () => {
  await import('./booking-page.js');
  await import('./booking-confirmation-page.js');
}, 60_000);

describe('/booking', () => {
  it('step 1: the check button stays disabled until the dates are valid', async () => {
    renderApp('/booking');
    expect(await screen.findByRole('heading', { name: 'When would you like to stay?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Availability' })).toBeDisabled();
    expect(screen.getByText('2 guests')).toBeInTheDocument();
  });

  it('a link with dates opens step 2: each type with its availability and price; an unavailable one cannot be chosen', async () => {
    flowHandlers({ unavailable: ['type-chalet'] });
    renderApp(`/booking?${stayQuery}`);
    const suite = await screen.findByRole('article', { name: 'Luxury Safari Suite' });
    await waitFor(() => expect(within(suite).getByRole('button', { name: 'Select Luxury Safari Suite' })).toBeEnabled());
    expect(within(suite).getByText('R5,000')).toBeInTheDocument();
    expect(within(suite).getByText(/R4,750 by card/)).toBeInTheDocument();
    const chalet = screen.getByRole('article', { name: 'Family Bush Chalet' });
    await waitFor(() => expect(within(chalet).getByText('This accommodation is not available for the selected dates')).toBeInTheDocument());
    expect(within(chalet).getByRole('button', { name: 'Select Family Bush Chalet' })).toBeDisabled();
    // The package is not offered on a normal booking.
    expect(screen.queryByRole('article', { name: 'Entire Lodge' })).not.toBeInTheDocument();
  });

  it('step 2 says its prices are the stay\'s total, and shows a "by card" price only while card payments are on and configured', async () => {
    flowHandlers();
    const cases: [Partial<typeof publicSettings>, boolean][] = [
      [{}, true],
      [{ cardPaymentsConfigured: false }, false],
      [{ allowCardPayments: false }, false],
    ];
    for (const [patch, byCard] of cases) {
      server.use(http.get('/api/public/settings', () => HttpResponse.json({ ...publicSettings, ...patch })));
      sessionStorage.clear();
      const view = renderApp(`/booking?${stayQuery}`);
      expect(await screen.findByText('Live availability for your dates, with the total price for your 2 nights.')).toBeInTheDocument();
      const suite = await screen.findByRole('article', { name: 'Luxury Safari Suite' });
      await waitFor(() => expect(within(suite).getByText('R5,000')).toBeInTheDocument());
      // The settings answer before the step draws its choices: wait for the EFT-only state too.
      await waitFor(() => expect(within(suite).queryAllByText(/R4,750 by card/)).toHaveLength(byCard ? 1 : 0));
      expect(within(suite).getByText(/^for 2 nights/)).toHaveTextContent(byCard ? 'for 2 nights · R4,750 by card' : /^for 2 nights$/);
      view.unmount();
    }
  });

  it('step 1 says why a check-in before today is refused', async () => {
    renderApp('/booking');
    expect(await screen.findByRole('heading', { name: 'When would you like to stay?' })).toBeInTheDocument();
    enterDate(document.body, 'Check-in date', addDays(today, -1));
    expect(await screen.findByText('Check-in date cannot be in the past')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Availability' })).toBeDisabled();
  });

  it('step 3 shows the spec messages, keeps what was typed across a reload, checks the promo code, and books once with an Idempotency-Key', { timeout: 60_000 }, async () => {
    const { bookingsPosted } = flowHandlers();
    const first = renderApp(`/booking?${stayQuery}`);
    const select = await screen.findByRole('button', { name: 'Select Luxury Safari Suite' });
    await waitFor(() => expect(select).toBeEnabled());
    await first.user.click(select);

    await first.user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();

    await first.user.type(screen.getByLabelText(/First name/), 'Lerato');
    await first.user.type(screen.getByLabelText(/Last name/), 'Mokoena');
    await first.user.type(screen.getByLabelText(/^Email/), 'lerato@example.com');
    await first.user.click(screen.getByRole('radio', { name: /EFT/ }));
    expect(loadDraft()).toMatchObject({ step: 2, paymentMethod: 'EFT', guest: { firstName: 'Lerato', email: 'lerato@example.com' } });

    // A reload: the page comes back on step 3 with every field.
    first.unmount();
    const second = renderApp(`/booking?${stayQuery}`);
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Lerato');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('lerato@example.com');
    expect(await screen.findByRole('radio', { name: /EFT/ })).toBeChecked();

    await second.user.type(screen.getByLabelText('Promo code'), 'NOPE');
    await second.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code not found')).toBeInTheDocument();
    await second.user.clear(screen.getByLabelText('Promo code'));
    await second.user.type(screen.getByLabelText('Promo code'), 'SAFARI10');
    await second.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code applied: -R500')).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByText(/held for 48 hours pending manual verification/)).toBeInTheDocument();
    expect(screen.getByText('-R500')).toBeInTheDocument();
    const book = screen.getByRole('button', { name: 'Book and pay R4,500 by EFT' });
    await second.user.dblClick(book);
    expect(await screen.findByRole('heading', { name: 'Your booking is reserved' })).toBeInTheDocument();
    expect(bookingsPosted).toHaveLength(1);
    expect(bookingsPosted[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(bookingsPosted[0].body).toMatchObject({ unitId: 'unit-0', paymentMethod: 'EFT', promoCode: 'SAFARI10', checkInDate: checkIn, checkOutDate: checkOut });
    expect(screen.getByText('62841057723')).toBeInTheDocument();
    // Confirmed: the typed form is forgotten.
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('says plainly when availability needs the network, and Retry checks again', async () => {
    flowHandlers();
    let offline = true;
    server.use(
      http.post('/api/availability', () =>
        offline ? HttpResponse.error() : HttpResponse.json({ available: true, availableUnits: 1, totalUnits: 1 }),
      ),
    );
    const { user } = renderApp(`/booking?${stayQuery}`);
    const suite = await screen.findByRole('article', { name: 'Luxury Safari Suite' });
    expect(await within(suite).findByText(/You appear to be offline\. Checking availability needs an internet connection/)).toBeInTheDocument();
    offline = false;
    await user.click(within(suite).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(suite).getByRole('button', { name: 'Select Luxury Safari Suite' })).toBeEnabled());
  });
});

describe('/booking-confirmation', () => {
  it('asks for the e-mail when the URL has none, then shows the booking', async () => {
    flowHandlers();
    const { user } = renderApp('/booking-confirmation?reference=WL-7KQ3XM');
    await user.type(await screen.findByLabelText(/Email/), 'lerato@example.com');
    await user.click(screen.getByRole('button', { name: 'Show my booking' }));
    expect(await screen.findByRole('heading', { name: 'Your booking is reserved' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('WL-7KQ3XM');
    // The deadline reads as in the e-mail the guest was sent (lodge time, named).
    expect(screen.getByText(/as the payment reference/)).toHaveTextContent(
      `Pay R4,500 by EFT with WL-7KQ3XM as the payment reference before ${formatLodgeDateTimeSast(holdExpiresAt)}. Your stay is held until then.`,
    );
  });
});
