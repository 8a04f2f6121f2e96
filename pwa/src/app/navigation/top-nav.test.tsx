import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/contracts/auth.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';

async function mainNavLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(0));
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('top navigation', () => {
  it('shows visitors the lodge name, public links, Book Now and Staff Login', async () => {
    renderApp('/accommodations');
    expect(await screen.findByRole('link', { name: 'Marula Ridge Lodge' })).toHaveAttribute('href', '/');
    expect(await mainNavLinks()).toEqual(['Home', 'Accommodations']);
    expect(await screen.findByRole('link', { name: 'Staff Login' })).toHaveAttribute('href', '/auth');
    expect(screen.getAllByRole('link', { name: 'Book Now' })[0]).toHaveAttribute('href', '/booking');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it.each<[string, User, string[]]>([
    ['SuperAdmin', users.superAdmin, ['Staff', 'Audit Log']],
    ['Manager', users.manager, ['Audit Log']],
  ])('shows %s the Rates, Events and Settings links', async (_role, user, system) => {
    server.use(signedInAs(user));
    renderApp('/accommodations');
    await screen.findByText(`${user.firstName} ${user.lastName}`);
    expect(await mainNavLinks()).toEqual([
      'Home',
      'Dashboard',
      'Front Desk',
      'Calendar',
      'Bookings',
      'Accommodations',
      'Rates',
      'Events',
      'Payments',
      'Settings',
      ...system,
      'Sync',
    ]);
    expect(screen.getByText(user.role!)).toBeInTheDocument();
  });

  it('hides Rates, Events and Settings from a receptionist', async () => {
    server.use(signedInAs(users.receptionist));
    renderApp('/accommodations');
    await screen.findByText('Thandi Mokoena');
    expect(await mainNavLinks()).toEqual(['Home', 'Dashboard', 'Front Desk', 'Calendar', 'Bookings', 'Accommodations', 'Sync']);
    expect(screen.getByRole('link', { name: 'Accommodations' })).toHaveAttribute('href', '/admin/accommodations');
    expect(screen.getByText('Receptionist')).toBeInTheDocument();
  });

  it('shows a guest their name without a role badge, and Book Now as a link', async () => {
    server.use(signedInAs(users.guest));
    renderApp('/accommodations');
    await screen.findByText('Joe Bloggs');
    expect(await mainNavLinks()).toEqual(['Home', 'Accommodations', 'Book Now']);
    expect(screen.queryByText('Guest')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff Login' })).not.toBeInTheDocument();
  });

  it('logs out: Logging out... while pending, clears the cache, toasts and returns to /', async () => {
    server.use(
      signedInAs(users.receptionist),
      http.post('/api/logout', async () => {
        await delay(150);
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user, router, queryClient } = renderApp('/accommodations');
    await screen.findByText('Luxury Safari Suite');
    // After logout the API says nobody is logged in.
    server.use(signedInAs(null));

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled();
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(queryClient.getQueryData(['/api/accommodations'])).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Staff Login' })).toBeInTheDocument();
  });

  it('toasts Logout failed with the server message', async () => {
    server.use(
      signedInAs(users.guest),
      http.post('/api/logout', () => HttpResponse.json({ message: 'Session store unavailable' }, { status: 503 })),
    );
    const { user } = renderApp('/accommodations');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
  });

  it('puts the same links in a slide-in menu on small screens', async () => {
    window.innerWidth = 600;
    server.use(signedInAs(users.manager));
    const { user } = renderApp('/accommodations');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const links = await mainNavLinks();
    expect(links).toEqual(['Home', 'Dashboard', 'Front Desk', 'Calendar', 'Bookings', 'Accommodations', 'Rates', 'Events', 'Payments', 'Settings', 'Audit Log', 'Sync']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
