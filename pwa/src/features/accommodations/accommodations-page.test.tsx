import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { accommodations, perPersonType, publicSettings, units } from '@/test/fixtures.js';

describe('/accommodations', () => {
  it('shows 6 skeleton cards while loading', async () => {
    server.use(
      http.get('/api/accommodations', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderApp('/accommodations');
    expect(await screen.findByRole('status', { name: 'Loading accommodations' })).toBeInTheDocument();
    expect(screen.getAllByTestId('accommodation-skeleton')).toHaveLength(6);
  });

  it('shows the error message with Try Again when loading fails', async () => {
    server.use(http.get('/api/accommodations', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderApp('/accommodations');
    expect(await screen.findByText('Unable to load accommodations at this time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    server.use(http.get('/api/accommodations', () => HttpResponse.json([])));
    renderApp('/accommodations');
    expect(await screen.findByText('No accommodations available at this time.')).toBeInTheDocument();
  });

  it('a per person sharing type shows "From R{rate} per person sharing" and its meal plan; a per unit type keeps its nightly rates', async () => {
    server.use(
      http.get('/api/accommodations', () => HttpResponse.json([perPersonType, ...accommodations])),
      http.get('/api/units', () => HttpResponse.json([...units, { ...units[0], id: 'unit-t1', name: 'Tamboti 1', accommodationTypeId: perPersonType.id }])),
    );
    renderApp('/accommodations');
    const family = within((await screen.findByRole('article', { name: 'Tamboti Family Suite' })) as HTMLElement);
    expect(family.getByText('From R4,950 per person sharing')).toBeInTheDocument();
    expect(family.getByText('Fully inclusive')).toBeInTheDocument();
    expect(family.queryByText(/\/night/)).not.toBeInTheDocument();
    expect(family.queryByText('Weekdays from')).not.toBeInTheDocument();
    expect(family.getByText('4 Guests')).toBeInTheDocument();
    expect(family.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking?accommodation=type-tamboti');

    const suite = within(screen.getByRole('article', { name: 'Luxury Safari Suite' }));
    expect(suite.getByText('R4,850/night')).toBeInTheDocument();
    expect(suite.getByText('R5,400.50/night')).toBeInTheDocument();
    expect(suite.queryByText(/per person sharing/)).not.toBeInTheDocument();
  });

  it('shows a card per accommodation with capacity, amenities, rates and a Book Now link', async () => {
    renderApp('/accommodations');
    const card = (await screen.findByRole('article', { name: 'Luxury Safari Suite' })) as HTMLElement;
    const inCard = within(card);
    expect(inCard.getByText('2 Guests')).toBeInTheDocument();
    expect(inCard.getByText('Luxury Safari Suite: a quiet stay in the bush.')).toBeInTheDocument();
    for (const amenity of ['Air conditioning', 'Private deck', 'Outdoor shower', 'Mini bar']) {
      expect(inCard.getByText(amenity)).toBeInTheDocument();
    }
    expect(inCard.queryByText('WiFi')).not.toBeInTheDocument();
    expect(inCard.getByText('+2 more')).toBeInTheDocument();
    expect(inCard.getByText('Weekdays from')).toBeInTheDocument();
    expect(inCard.getByText('R4,850/night')).toBeInTheDocument();
    expect(inCard.getByText('Weekends')).toBeInTheDocument();
    expect(inCard.getByText('R5,400.50/night')).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking?accommodation=type-suite');
    const image = inCard.getByRole('img', { name: 'Luxury Safari Suite' });
    // The first card's picture is the phone's largest paint: fetched at once, first; the
    // pictures of the cards below wait until they scroll near.
    expect(screen.getAllByRole('article')[0]).toBe(card);
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    const below = screen.getAllByRole('article').slice(1).flatMap((a) => within(a).queryAllByRole('img'));
    expect(below.length).toBeGreaterThan(0);
    for (const other of below) expect(other).toHaveAttribute('loading', 'lazy');
    // Resized by the image endpoint: a 640 px fallback and a srcset the browser picks from.
    const suiteUrl = 'url=%2Fimages%2Faccommodations%2Fluxury-safari-suite.jpg';
    expect(image).toHaveAttribute('src', `/api/accommodation-image?${suiteUrl}&w=640`);
    expect(image.getAttribute('srcset')).toBe(
      [320, 480, 640, 960, 1280].map((w) => `/api/accommodation-image?${suiteUrl}&w=${w} ${w}w`).join(', '),
    );
    expect(image).toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '1280');
    expect(image).toHaveAttribute('height', '853');

    // A remote picture goes through the same endpoint (which checks its host).
    const chalet = within(screen.getByRole('article', { name: 'Family Bush Chalet' }));
    expect(chalet.getByRole('img', { name: 'Family Bush Chalet' })).toHaveAttribute(
      'src',
      '/api/accommodation-image?url=https%3A%2F%2Fimages.example.test%2Fchalet.jpg&w=640',
    );
    expect(chalet.queryByText(/more$/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('marks a type with no active unit "Coming soon" without Book Now, or leaves it out when the lodge says so', async () => {
    // The tent's units are all out of service; the public units list holds active units only.
    server.use(http.get('/api/units', () => HttpResponse.json(units.filter((u) => u.accommodationTypeId !== 'type-tent'))));
    const first = renderApp('/accommodations');
    const tent = within(await screen.findByRole('article', { name: 'Classic Safari Tent' }));
    expect(await tent.findAllByText('Coming soon')).toHaveLength(2);
    expect(tent.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
    const suite = within(screen.getByRole('article', { name: 'Luxury Safari Suite' }));
    expect(suite.getByRole('link', { name: 'Book Now' })).toBeInTheDocument();
    expect(suite.queryByText('Coming soon')).not.toBeInTheDocument();
    // The entire lodge has no units of its own and stays bookable.
    expect(within(screen.getByRole('article', { name: 'Entire Lodge' })).getByRole('link', { name: 'Book Now' })).toBeInTheDocument();
    first.unmount();

    server.use(http.get('/api/public/settings', () => HttpResponse.json({ ...publicSettings, unbookableTypeDisplay: 'hidden' })));
    renderApp('/accommodations');
    expect(await screen.findByRole('article', { name: 'Luxury Safari Suite' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Classic Safari Tent' })).not.toBeInTheDocument());
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });
});
