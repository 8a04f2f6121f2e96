import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../test/fixtures.js';
import { server, signedInAs } from '../test/server.js';
import { currentPath, renderApp } from '../test/render-app.js';
import { peekPostLoginTarget } from '../lib/post-login-target.js';

describe('back-office pages', () => {
  it('shows a receptionist the settings page refusal with a way back', async () => {
    server.use(signedInAs(users.receptionist));
    renderApp('/admin/settings');
    expect(await screen.findByText("You don't have permission to access settings.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('heading', { name: 'Lodge Settings' })).not.toBeInTheDocument();
  });

  it.each([
    ['/admin/rates', "You don't have permission to access rate management."],
    ['/admin/events', "You don't have permission to access event management."],
  ])('refuses %s to a receptionist', async (path, message) => {
    server.use(signedInAs(users.receptionist));
    renderApp(path);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows a manager the settings page with its title', async () => {
    server.use(signedInAs(users.manager));
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Lodge Settings' })).toBeInTheDocument();
    expect(screen.getByText('Configure payment gateway, banking, and operational settings')).toBeInTheDocument();
  });

  it('lets a receptionist into bookings and the calendar', async () => {
    server.use(signedInAs(users.receptionist));
    renderApp('/admin/bookings');
    expect(await screen.findByRole('heading', { name: 'Booking Management' })).toBeInTheDocument();
  });

  it('shows a guest Access Denied on /admin, naming the staff roles', async () => {
    server.use(signedInAs(users.guest));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Required role: SuperAdmin or Manager or Receptionist')).toBeInTheDocument();
  });

  it('tells a visitor they are logged out, then goes to /auth after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp('/admin/rates');
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/rates');
    expect(peekPostLoginTarget()).toBe('/admin/rates');

    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
  });

  it('shows Loading... while the user loads', async () => {
    server.use(signedInAs(users.superAdmin));
    renderApp('/admin/calendar');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Booking Calendar' })).toBeInTheDocument();
  });

  it('shows only the sidebar links the role allows, with the Live badge on Calendar', async () => {
    server.use(signedInAs(users.receptionist));
    renderApp('/admin');
    const sidebar = await screen.findByRole('navigation', { name: 'Back office' });
    const links = Array.from(sidebar.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'CalendarLive', 'Bookings', 'Accommodations']);
    expect(screen.queryByText('Revenue Management')).not.toBeInTheDocument();
    expect(screen.getByText(/SAST/)).toBeInTheDocument();
    expect(screen.getByText('Thandi Mokoena')).toBeInTheDocument();
  });
});

describe('back-office logout', () => {
  it('returns to / with the Logged out toast, not the logged-out redirect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(signedInAs(users.manager));
    const { user, router } = renderApp('/admin/events');
    await screen.findByRole('heading', { name: 'Event Management' });
    server.use(signedInAs(null));

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(currentPath(router)).toBe('/');
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(peekPostLoginTarget()).toBeNull();
  });
});
