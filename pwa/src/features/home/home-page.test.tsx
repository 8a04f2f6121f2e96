import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { publicSettings, users } from '../../test/fixtures.js';
import { server, signedInAs } from '../../test/server.js';
import { renderApp } from '../../test/render-app.js';

describe('landing page (visitor)', () => {
  it('shows the lodge name, tagline, booking buttons, weather and the map', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marula Ridge Lodge' })).toBeInTheDocument();
    expect(screen.getByText('Private Game Lodge', { selector: 'p' })).toBeInTheDocument();
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
    expect(within(map).getByText(/Greater Kruger National Park Area/)).toBeInTheDocument();
  });

  it('uses the custom hero background when one is set', async () => {
    server.use(
      http.get('/api/public/settings', () =>
        HttpResponse.json({ ...publicSettings, heroBackgroundImage: 'uploads/hero-2026.jpg' }),
      ),
    );
    renderApp('/');
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Marula Ridge Lodge' })).closest('section')!;
    expect(getComputedStyle(hero).backgroundImage).toContain('/api/background-image?v=uploads%2Fhero-2026.jpg');
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
    expect(await screen.findByText('Weather Unavailable', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
    // The spec's two retries.
    expect(calls).toBe(3);
  }, 15_000);
});

describe('home page (logged in)', () => {
  it('greets staff, shows the real month booking count and quick actions', async () => {
    server.use(
      signedInAs(users.receptionist),
      http.get('/api/admin/bookings', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('startDate')).toMatch(/^\d{4}-\d{2}-01$/);
        return HttpResponse.json([{ id: 'b1' }, { id: 'b2' }, { id: 'b3', isEntireLodgeChild: true }]);
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
    // No placeholder figures (DESIGN.md section 7).
    expect(screen.queryByText('87%')).not.toBeInTheDocument();
    expect(screen.queryByText('R125,400')).not.toBeInTheDocument();
  });

  it('leaves out the booking count when it cannot be loaded', async () => {
    server.use(
      signedInAs(users.manager),
      http.get('/api/admin/bookings', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Open Calendar' })).toBeInTheDocument();
    expect(screen.queryByText('Total Bookings')).not.toBeInTheDocument();
  });

  it('greets a guest with their experience cards and the first 3 accommodations', async () => {
    server.use(signedInAs(users.guest));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Joe' })).toBeInTheDocument();
    expect(screen.getByText('Your luxury safari experience awaits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Your Stay' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('heading', { name: 'Your Safari Experience' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Special Offers' })).toBeInTheDocument();

    const preview = within(screen.getByRole('region', { name: 'Our Accommodations' }));
    expect(await preview.findAllByRole('article')).toHaveLength(3);
    expect(preview.getByText('From R4,850/night')).toBeInTheDocument();
    expect(preview.queryByText('Entire Lodge')).not.toBeInTheDocument();
    const location = within(screen.getByRole('region', { name: 'Experience the Greater Kruger' }));
    expect(location.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
