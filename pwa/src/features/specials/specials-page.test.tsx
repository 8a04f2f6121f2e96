import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { SPECIALS_EMPTY_TEXT } from './api/use-public-specials.js';

const today = todayInLodge(new Date());

const offer = (overrides: Record<string, unknown>) => ({
  id: 'sp-1',
  name: 'Stay 4, pay 3',
  description: '',
  accommodationTypeIds: ['type-tamboti'],
  accommodationTypeNames: ['Tamboti Family Suite'],
  stayFrom: today,
  stayTo: addDays(today, 180),
  stayNights: 4,
  payNights: 3,
  bookFrom: null,
  bookTo: null,
  combinableWithPromo: false,
  ...overrides,
});

describe('/specials', () => {
  it("opens from the guest home's Special Offers card and lists every offer with its types, stay dates and book-by date", async () => {
    server.use(
      signedInAs(users.guest),
      http.get('/api/public/special-offers', () =>
        HttpResponse.json([
          offer({}),
          offer({
            id: 'sp-2',
            name: 'Midweek in the bush',
            accommodationTypeIds: ['type-suite', 'type-tent'],
            accommodationTypeNames: ['Luxury Safari Suite', 'Classic Safari Tent'],
            stayFrom: addDays(today, 10),
            stayTo: addDays(today, 40),
            stayNights: 3,
            payNights: 2,
            bookTo: addDays(today, 20),
          }),
        ]),
      ),
    );
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'View Offers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Special Offers' })).toBeInTheDocument();

    const first = within(await screen.findByRole('article', { name: 'Stay 4, pay 3' }));
    expect(first.getByText('Tamboti Family Suite')).toBeInTheDocument();
    expect(first.getByText(`Stays from ${formatStayDate(today)} to ${formatStayDate(addDays(today, 180))}`)).toBeInTheDocument();
    expect(first.queryByText(/^Book by/)).not.toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Book Stay 4, pay 3' })).toHaveAttribute('href', '/booking?accommodation=type-tamboti');

    const second = within(screen.getByRole('article', { name: 'Midweek in the bush' }));
    expect(second.getByText('Stay 3, pay 2')).toBeInTheDocument();
    expect(second.getByText('Luxury Safari Suite, Classic Safari Tent')).toBeInTheDocument();
    expect(second.getByText(`Book by ${formatStayDate(addDays(today, 20))}`)).toBeInTheDocument();
    // Several types: the guest chooses on the booking page.
    expect(second.getByRole('link', { name: 'Book Midweek in the bush' })).toHaveAttribute('href', '/booking');
  });

  it('says so when there are none', async () => {
    renderApp('/specials');
    const empty = await screen.findByText(SPECIALS_EMPTY_TEXT, { exact: false });
    expect(within(empty).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
