import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/contracts/auth.js';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';

/** The names of the 'Back office' menu's items, opened from the top bar (md and up). */
async function backOfficeMenuItems(user: ReturnType<typeof renderApp>['user']): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Back office' }));
  const menu = await screen.findByRole('menu', { name: 'Back office' });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

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
    expect(await mainNavLinks()).toEqual(['Home', 'Accommodations', "What's on"]);
    expect(await screen.findByRole('link', { name: 'Staff Login' })).toHaveAttribute('href', '/auth');
    expect(screen.getAllByRole('link', { name: 'Book Now' })[0]).toHaveAttribute('href', '/booking');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it.each<[string, User, string[]]>([
    ['SuperAdmin', users.superAdmin, ['Staff', 'Audit Log']],
    ['Manager', users.manager, ['Audit Log']],
  ])('shows %s Home and a Back office menu with the Rates, Events and Settings links', async (_role, user, system) => {
    server.use(signedInAs(user));
    const { user: person } = renderApp('/accommodations');
    await screen.findByText(`${user.firstName} ${user.lastName}`);
    // One line on the bar: Home, then the back-office links behind one menu button.
    expect(await mainNavLinks()).toEqual(['Home']);
    expect(await backOfficeMenuItems(person)).toEqual([
      'Dashboard',
      'Front Desk',
      'Housekeeping',
      'Calendar',
      'Bookings',
      'Guests',
      'Waitlist',
      'Lodger register',
      'Accommodations',
      'Rates',
      'Extras',
      'Channels',
      'Events',
      'Payments',
      'Invoices',
      'Reports',
      'Settings',
      ...system,
      'Sync',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Rates' })).toHaveAttribute('href', '/admin/rates');
    expect(screen.getByText(user.role!)).toBeInTheDocument();
  });

  it('hides Rates, Events and Settings from a receptionist', async () => {
    server.use(signedInAs(users.receptionist));
    const { user } = renderApp('/accommodations');
    await screen.findByText('Thandi Mokoena');
    expect(await mainNavLinks()).toEqual(['Home']);
    expect(await backOfficeMenuItems(user)).toEqual(['Dashboard', 'Front Desk', 'Housekeeping', 'Calendar', 'Bookings', 'Guests', 'Waitlist', 'Lodger register', 'Accommodations', 'Sync']);
    expect(screen.getByRole('menuitem', { name: 'Accommodations' })).toHaveAttribute('href', '/admin/accommodations');
    expect(screen.getByText('Receptionist')).toBeInTheDocument();
  });

  it('works the Back office menu from the keyboard: opens on the first link, arrows move, Escape returns to the button', async () => {
    server.use(signedInAs(users.manager));
    const { user, router } = renderApp('/accommodations');
    await screen.findByText('Anna van Wyk');
    const button = within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Back office' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', screen.getByRole('menu', { name: 'Back office' }).id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Front Desk' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/admin/front-desk'));
  });

  it('shows a guest their name without a role badge, and Book Now as a link', async () => {
    server.use(signedInAs(users.guest));
    renderApp('/accommodations');
    await screen.findByText('Joe Bloggs');
    expect(await mainNavLinks()).toEqual(['Home', 'Accommodations', "What's on", 'Book Now']);
    expect(screen.queryByText('Guest')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff Login' })).not.toBeInTheDocument();
  });

  it('logs out: Logging out... while pending, clears the cache, toasts and returns to /', async () => {
    // The server answers when the test has seen the pending state.
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    server.use(
      signedInAs(users.receptionist),
      http.post('/api/logout', async () => {
        await answered;
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user, router, queryClient } = renderApp('/accommodations');
    await screen.findByText('Luxury Safari Suite');
    // After logout the API says nobody is logged in.
    server.use(signedInAs(null));

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled();
    answer();
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
    const { user, router } = renderApp('/accommodations');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
    // Still signed in, where they were, and the button can be tried again.
    expect(currentPath(router)).toBe('/accommodations');
    expect(screen.getByText('Joe Bloggs')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeEnabled();
  });

  it('puts the same links in a slide-in menu on small screens', async () => {
    window.innerWidth = 600;
    server.use(signedInAs(users.manager));
    const { user } = renderApp('/accommodations');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const links = await mainNavLinks();
    expect(links).toEqual(['Home', 'Dashboard', 'Front Desk', 'Housekeeping', 'Calendar', 'Bookings', 'Guests', 'Waitlist', 'Lodger register', 'Accommodations', 'Rates', 'Extras', 'Channels', 'Events', 'Payments', 'Invoices', 'Reports', 'Settings', 'Audit Log', 'Sync']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
