import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import { accommodations, booking, perPersonType, publicSettings, users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { renderApp } from '@/test/render-app.js';
import { lodgeMonthRange } from './api/use-month-bookings.js';

describe('landing page (visitor)', () => {
  it('shows the lodge name, tagline, booking buttons, weather and the map', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marula Ridge Lodge' })).toBeInTheDocument();
    expect(screen.getByText('Private Game Lodge', { selector: 'p' })).toBeInTheDocument();
    // The lodge's own words, from the settings (Lodge tab).
    expect(screen.getByText('A small lodge on the Klaserie river.')).toBeInTheDocument();
    expect(document.title).toBe('Marula Ridge Lodge');
    expect(screen.getByRole('link', { name: 'View Accommodations' })).toHaveAttribute('href', '/accommodations');
    expect(screen.getByRole('link', { name: 'Book Entire Lodge' })).toHaveAttribute('href', '/booking?type=entire-lodge');

    const weather = within(screen.getByRole('region', { name: 'Current weather' }));
    expect(await weather.findByText('30°C')).toBeInTheDocument();
    expect(weather.getByText('Clear')).toBeInTheDocument();
    expect(weather.getByText('clear sky')).toBeInTheDocument();
    expect(weather.getByText('Hoedspruit')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Find Us' })).toBeInTheDocument();
    const map = await screen.findByTestId('map');
    expect(within(map).getByText('Marula Ridge Lodge')).toBeInTheDocument();
    expect(within(map).getByText(/Private Game Lodge/)).toBeInTheDocument();
  });

  it('lists the special offers a guest can still use, and leaves the section out when there are none', async () => {
    const today = todayInLodge(new Date());
    server.use(
      http.get('/api/public/special-offers', () =>
        HttpResponse.json([
          {
            id: 'sp-1',
            name: 'Winter bush escape',
            description: 'The quiet season, with one night on us.',
            accommodationTypeIds: ['type-tamboti'],
            accommodationTypeNames: ['Tamboti Family Suite'],
            stayFrom: today,
            stayTo: addDays(today, 180),
            stayNights: 4,
            payNights: 3,
            bookFrom: null,
            bookTo: addDays(today, 60),
            combinableWithPromo: false,
          },
        ]),
      ),
    );
    const first = renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'Special offers' }));
    const offer = within(section.getByRole('article', { name: 'Winter bush escape' }));
    expect(offer.getByText('Stay 4, pay 3')).toBeInTheDocument();
    expect(offer.getByText('The quiet season, with one night on us.')).toBeInTheDocument();
    expect(offer.getByText('Tamboti Family Suite')).toBeInTheDocument();
    expect(offer.getByText(`Stays from ${formatStayDate(today)} to ${formatStayDate(addDays(today, 180))}`)).toBeInTheDocument();
    expect(offer.getByText(`Book by ${formatStayDate(addDays(today, 60))}`)).toBeInTheDocument();
    expect(offer.getByRole('link', { name: 'Book Winter bush escape' })).toHaveAttribute('href', '/booking?accommodation=type-tamboti');
    first.unmount();

    let asked = false;
    server.use(
      http.get('/api/public/special-offers', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Find Us' })).toBeInTheDocument();
    await vi.waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('region', { name: 'Special offers' })).not.toBeInTheDocument();
    expect(screen.queryByText('Stay 4, pay 3')).not.toBeInTheDocument();
  });

  it('uses the custom hero background when one is set', async () => {
    server.use(
      http.get('/api/public/settings', () =>
        HttpResponse.json({ ...publicSettings, heroBackgroundImage: 'uploads/hero-2026.jpg' }),
      ),
    );
    renderApp('/');
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Marula Ridge Lodge' })).closest('section')!;
    const picture = within(hero).getByTestId('hero-picture').querySelector('img')!;
    expect(picture).toHaveAttribute('src', '/api/background-image?v=uploads%2Fhero-2026.jpg&w=1280');
    expect(picture.getAttribute('srcset')).toContain('/api/background-image?v=uploads%2Fhero-2026.jpg&w=1920 1920w');
  });

  it('uses the demo hero pictures otherwise, the tall one on an upright phone', async () => {
    renderApp('/');
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Marula Ridge Lodge' })).closest('section')!;
    const picture = await within(hero).findByTestId('hero-picture');
    expect(picture.querySelector('img')).toHaveAttribute('src', '/api/accommodation-image?url=%2Fimages%2Fhero%2Flodge-hero.jpg&w=1280');
    const portrait = picture.querySelector('source')!;
    expect(portrait).toHaveAttribute('media', '(max-aspect-ratio: 1/1)');
    expect(portrait.getAttribute('srcset')).toContain('/api/accommodation-image?url=%2Fimages%2Fhero%2Flodge-hero-portrait.jpg&w=480 480w');
  });

  it('shows Weather Unavailable when the weather cannot be read', async () => {
    let calls = 0;
    server.use(
      http.get('/api/weather', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Upstream down' }, { status: 502 });
      }),
    );
    renderApp('/');
    expect(await screen.findByText('Weather Unavailable')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
    // The spec's two retries.
    expect(calls).toBe(3);
  });
});

describe('home page (logged in)', () => {
  it('greets staff, shows the real month booking count and quick actions', async () => {
    server.use(
      signedInAs(users.receptionist),
      http.get('/api/admin/bookings', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-01$/);
        return HttpResponse.json([booking({ id: 'b1' }), booking({ id: 'b2' }), booking({ id: 'b3', isEntireLodgeChild: true })]);
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Thandi' })).toBeInTheDocument();
    expect(screen.getByText('Manage your lodge operations with ease')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Calendar' })).toHaveAttribute('href', '/admin/calendar');
    expect(screen.getByRole('link', { name: 'Manage Bookings' })).toHaveAttribute('href', '/admin/bookings');
    expect(screen.getByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
    const total = (await screen.findByText('Total Bookings')).closest('.MuiCard-root') as HTMLElement;
    expect(within(total).getByText('2')).toBeInTheDocument();
    expect(within(total).getByText('This month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Booking' })).toHaveAttribute('href', '/admin/bookings?action=new');
    // No placeholder figures (docs/design.md, Real figures, not placeholders).
    expect(screen.queryByText('87%')).not.toBeInTheDocument();
    expect(screen.queryByText('R125,400')).not.toBeInTheDocument();
  });

  it('shows occupancy and revenue of this month computed from its bookings and the active units', async () => {
    // April: 30 nights x the 4 fixture units = 120 unit-nights.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-15T08:00:00Z'));
    const { startDate, endDate } = lodgeMonthRange();
    const day = (n: number) => addDays(startDate, n - 1);
    const lodgeStay = { checkInDate: day(20), checkOutDate: day(22), accommodationTypeName: 'Entire Lodge' };
    let asked: URLSearchParams | undefined;
    server.use(
      signedInAs(users.manager),
      http.get('/api/admin/bookings', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json([
          // 3 nights; R4,900 (checks in this month).
          booking({ id: 'b1', unitId: 'unit-1', checkInDate: day(2), checkOutDate: day(5), totalAmount: 4900 }),
          // 2 nights this month; its R7,000 belongs to last month, when it checked in.
          booking({ id: 'b2', unitId: 'unit-2', checkInDate: addDays(startDate, -2), checkOutDate: day(3), status: 'Checked-Out', totalAmount: 7000 }),
          // Cancelled: neither nights nor money.
          booking({ id: 'b3', unitId: 'unit-3', checkInDate: day(10), checkOutDate: day(12), status: 'Cancelled', totalAmount: 5000 }),
          // The entire lodge: the parent holds the price, its 4 children 2 nights each.
          booking({ id: 'lodge', unitId: null, unitName: null, ...lodgeStay, totalAmount: 38000 }),
          ...['unit-1', 'unit-2', 'unit-3', 'unit-4'].map((unitId, i) =>
            booking({ id: `lodge-${i}`, unitId, parentBookingId: 'lodge', isEntireLodgeChild: true, ...lodgeStay, totalAmount: 0 }),
          ),
        ]);
      }),
    );
    renderApp('/');

    const occupancy = within(await screen.findByRole('article', { name: 'Occupancy Rate' }));
    // (3 + 2 + 4 x 2) / 120 = 10.8 %
    expect(occupancy.getByText('11%')).toBeInTheDocument();
    expect(occupancy.getByText('This month: 13 of 120 unit-nights')).toBeInTheDocument();
    const revenue = within(screen.getByRole('article', { name: 'Revenue' }));
    expect(revenue.getByText('R42,900')).toBeInTheDocument();
    expect(revenue.getByText('Check-ins this month')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Total Bookings' })).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Guest Satisfaction' })).getByText('4.8/5')).toBeInTheDocument();
    expect(asked?.get('startDate')).toBe('2026-04-01');
    expect(asked?.get('endDate')).toBe(endDate);
    expect(endDate).toBe('2026-04-30');
  });

  it('leaves out occupancy, but not revenue, when the units cannot be read', async () => {
    const { startDate } = lodgeMonthRange();
    server.use(
      signedInAs(users.receptionist),
      http.get('/api/admin/bookings', () =>
        HttpResponse.json([booking({ checkInDate: startDate, checkOutDate: addDays(startDate, 1), totalAmount: 2450.5 })]),
      ),
      http.get('/api/units', () => HttpResponse.json({ message: 'Unavailable' }, { status: 503 })),
    );
    renderApp('/');
    expect(await screen.findByRole('article', { name: 'Revenue' })).toHaveTextContent('R2,450.50');
    expect(screen.getByRole('article', { name: 'Total Bookings' })).toHaveTextContent('1');
    expect(screen.queryByRole('article', { name: 'Occupancy Rate' })).not.toBeInTheDocument();
  });

  it('leaves out the booking count when it cannot be loaded', async () => {
    server.use(
      signedInAs(users.manager),
      http.get('/api/admin/bookings', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Open Calendar' })).toBeInTheDocument();
    expect(screen.queryByText('Total Bookings')).not.toBeInTheDocument();
    expect(screen.queryByText('Occupancy Rate')).not.toBeInTheDocument();
    expect(screen.queryByText('Revenue')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Guest Satisfaction' })).toHaveTextContent('4.8/5');
  });

  it('greets a guest with their experience cards and the first 3 accommodations', async () => {
    server.use(signedInAs(users.guest));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Joe' })).toBeInTheDocument();
    expect(screen.getByText('Your luxury safari experience awaits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Your Stay' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('heading', { name: 'Your Safari Experience' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Special Offers' })).toBeInTheDocument();
    // The spec gives the card's button no target: it opens the lodge's offers.
    expect(screen.getByRole('link', { name: 'View Offers' })).toHaveAttribute('href', '/specials');

    const preview = within(screen.getByRole('region', { name: 'Our Accommodations' }));
    expect(await preview.findAllByRole('article')).toHaveLength(3);
    expect(preview.getByText('From R4,850/night')).toBeInTheDocument();
    expect(preview.queryByText('Entire Lodge')).not.toBeInTheDocument();
    const location = within(screen.getByRole('region', { name: 'Experience the Greater Kruger' }));
    expect(location.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('shows a per person sharing type in the preview as "From R{rate} per person sharing" with its meal plan', async () => {
    server.use(signedInAs(users.guest), http.get('/api/accommodations', () => HttpResponse.json([perPersonType, ...accommodations])));
    renderApp('/');
    const preview = within(await screen.findByRole('region', { name: 'Our Accommodations' }));
    expect(await preview.findAllByRole('article')).toHaveLength(3);
    expect(preview.getByText('From R4,950 per person sharing')).toBeInTheDocument();
    expect(preview.getByText('Fully inclusive')).toBeInTheDocument();
    // The per unit types beside it keep the spec's wording.
    expect(preview.getByText('From R4,850/night')).toBeInTheDocument();
    expect(preview.getByText('From R3,600/night')).toBeInTheDocument();
  });
});
