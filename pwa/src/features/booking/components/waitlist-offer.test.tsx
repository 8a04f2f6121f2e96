import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import { accommodations } from '@/test/fixtures.js';
import { renderApp } from '@/test/render-app.js';
import { server } from '@/test/server.js';

const today = todayInLodge(new Date());
const checkIn = addDays(today, 30);
const checkOut = addDays(today, 32);

const units = accommodations
  .filter((t) => !t.isPackage)
  .map((t, i) => ({ id: `unit-${i}`, name: `${t.name} 1`, accommodationTypeId: t.id, isActive: true, version: 1, updatedAt: '2026-01-01T00:00:00.000Z' }));

const rate = { totalAmount: 5000, cardTotal: 4750, amountDue: 5000, breakdown: { nights: [], nightCount: 2, subtotal: 5000, promoDiscount: 0, cardDiscount: 250, totalAmount: 5000, cardTotal: 4750, minimumStay: 1 } };

/** Step 2's answers: every type full unless named in `free`. What the waitlist was sent. */
function handlers({ free = [] as string[] } = {}) {
  const joined: unknown[] = [];
  server.use(
    http.get('/api/units', () => HttpResponse.json(units)),
    http.post('/api/availability', async ({ request }) => {
      const body = (await request.json()) as { accommodationTypeId: string };
      const available = free.includes(body.accommodationTypeId);
      return HttpResponse.json({ available, availableUnits: available ? 1 : 0, totalUnits: 1 });
    }),
    http.post('/api/calculate-rate', () => HttpResponse.json(rate)),
    http.post('/api/waitlist', async ({ request }) => {
      const body = await request.json();
      joined.push(body);
      if ((body as { name: string }).name === 'Late') {
        return HttpResponse.json({ message: 'checkIn: Check-in cannot be in the past', code: 'validation_error', errors: { checkIn: 'Check-in cannot be in the past' } }, { status: 400 });
      }
      return HttpResponse.json(
        { id: 'w-1', message: "You're on the waitlist. We'll e-mail you if these dates come free; the first guest to book them gets them." },
        { status: 201 },
      );
    }),
  );
  return { joined };
}

beforeAll(async () => {
  await import('../booking-page.js');
}, 60_000);

describe('the waitlist on /booking', () => {
  it('nothing available: the guest leaves name and e-mail for the type they chose, with the stay searched for, and is told they are on the list', { timeout: 60_000 }, async () => {
    const { joined } = handlers();
    const user = userEvent.setup();
    renderApp(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=3&accommodation=type-chalet`);
    const offer = await screen.findByRole('region', { name: 'Nothing is free for your dates' }, { timeout: 10_000 });
    const form = within(offer);
    expect(form.getByText("Leave your name and e-mail and we'll let you know if a place comes free. We don't hold the dates: the first guest to book them gets them.")).toBeInTheDocument();
    expect(form.getByText(`${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} · 3 guests`)).toBeInTheDocument();
    // The type asked for in the link is the one chosen.
    expect(form.getByRole('combobox', { name: 'Accommodation' })).toHaveTextContent('Family Bush Chalet');

    await user.click(form.getByRole('button', { name: 'Join the waitlist' }));
    expect(form.getByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Valid email is required')).toBeInTheDocument();
    expect(joined).toHaveLength(0);

    await user.click(form.getByRole('combobox', { name: 'Accommodation' }));
    await user.click(await screen.findByRole('option', { name: 'Classic Safari Tent' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Lerato Mokoena');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'lerato@example.com');
    await user.click(form.getByRole('button', { name: 'Join the waitlist' }));

    const done = await form.findByRole('status');
    expect(done).toHaveTextContent("You're on the waitlist");
    expect(done).toHaveTextContent("You're on the waitlist. We'll e-mail you if these dates come free; the first guest to book them gets them.");
    expect(done).toHaveTextContent(`Classic Safari Tent · ${formatStayDate(checkIn)} to ${formatStayDate(checkOut)} · 3 guests`);
    expect(joined).toEqual([{ name: 'Lerato Mokoena', email: 'lerato@example.com', checkIn, checkOut, guests: 3, accommodationTypeId: 'type-tent' }]);
  });

  it("shows the server's reason when it refuses", async () => {
    handlers();
    const user = userEvent.setup();
    renderApp(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    const form = within(await screen.findByRole('region', { name: 'Nothing is free for your dates' }, { timeout: 10_000 }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Late');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'late@example.com');
    await user.click(form.getByRole('button', { name: 'Join the waitlist' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Check-in cannot be in the past');
  });

  it('is not offered while something is free', async () => {
    handlers({ free: ['type-tent'] });
    renderApp(`/booking?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    const tent = await screen.findByRole('article', { name: 'Classic Safari Tent' });
    await waitFor(() => expect(within(tent).getByRole('button', { name: 'Select Classic Safari Tent' })).toBeEnabled());
    expect(screen.queryByRole('region', { name: 'Nothing is free for your dates' })).not.toBeInTheDocument();
  });
});
