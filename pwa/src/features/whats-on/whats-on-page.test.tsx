import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, lodgeDateTimeToUtc, todayInLodge } from '@shared/domain/dates.js';
import { formatLodgeEventDay, formatStayDate } from '@shared/format.js';
import type { PublicEvent } from '@shared/contracts/events.js';
import { server } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';

const day = addDays(todayInLodge(new Date()), 9);
const braai: PublicEvent = {
  id: '3b8f0a52-6d2c-4c3e-9d5e-1f1f6f0b9a01',
  name: 'Boma Braai Night',
  description: 'Fire-grilled under the stars.',
  eventDate: lodgeDateTimeToUtc(day, '19:30').toISOString(),
  images: [],
  tickets: [
    { name: 'Child', price: 180 },
    { name: 'Adult', price: 1250.5 },
  ],
  stay: { checkIn: day, checkOut: addDays(day, 2) },
};

describe("/whats-on", () => {
  it('lists each event with its date, time, description, ticket prices and a booking link for its stay', async () => {
    server.use(http.get('/api/public/events', () => HttpResponse.json([braai])));
    renderApp('/whats-on');
    expect(await screen.findByRole('heading', { level: 1, name: "What's on" })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Boma Braai Night' });
    expect(within(card).getByText(formatLodgeEventDay(braai.eventDate))).toBeInTheDocument();
    expect(within(card).getByText('19:30')).toBeInTheDocument();
    expect(within(card).getByText('Fire-grilled under the stars.')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Child: R180', 'Adult: R1,250.50']);
    expect(within(card).getByText(`Stay ${formatStayDate(day)} to ${formatStayDate(addDays(day, 2))}`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Book your stay for this event' })).toHaveAttribute(
      'href',
      `/booking?checkIn=${day}&checkOut=${addDays(day, 2)}`,
    );
  });

  it('says so when no event is planned', async () => {
    renderApp('/whats-on');
    expect(await screen.findByText(/No events are planned at the moment\./)).toBeInTheDocument();
  });

  it('shows the next events on the landing page, with a link to What\'s on', async () => {
    server.use(http.get('/api/public/events', () => HttpResponse.json([braai])));
    renderApp('/');
    const section = await screen.findByRole('region', { name: "What's on" });
    expect(await within(section).findByText('Boma Braai Night')).toBeInTheDocument();
    expect(within(section).getByText('Tickets from R180')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/whats-on');
  });
});
