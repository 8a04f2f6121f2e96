import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { users } from '@/test/fixtures.js';
import { server, signedInAs } from '@/test/server.js';
import { currentPath, renderApp } from '@/test/render-app.js';
import { peekPostLoginTarget } from '@/lib/post-login-target.js';
import { can } from '@shared/roles.js';
import { ADMIN_NAV_GROUPS, ADMIN_ROUTES, adminNavGroups, adminPath, preloadAdminPages, type AdminRoute } from './admin-routes.js';

describe('back-office pages', () => {
  it('shows a receptionist the settings page refusal with a way back', async () => {
    server.use(signedInAs(users.receptionist));
    renderApp('/admin/settings');
    expect(await screen.findByText("You don't have permission to access settings.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('heading', { name: 'Lodge Settings' })).not.toBeInTheDocument();
  });

  it.each([
    ['/admin/rates', "You don't have permission to access rate management.", users.receptionist],
    ['/admin/events', "You don't have permission to access event management.", users.receptionist],
    ['/admin/audit', "You don't have permission to access the audit log.", users.receptionist],
    ['/admin/staff', "You don't have permission to access staff accounts.", users.manager],
  ])('refuses %s to a role without it', async (path, message, user) => {
    server.use(signedInAs(user));
    renderApp(path);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows a manager the settings page with its title', async () => {
    server.use(signedInAs(users.manager), http.get('/api/admin/settings', () => HttpResponse.error()));
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
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
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
    expect(links).toEqual(['Dashboard', 'Front Desk', 'Housekeeping', 'CalendarLive', 'Bookings', 'Guests', 'Waitlist', 'Lodger register', 'Accommodations', 'Sync']);
    expect(screen.queryByText('Revenue Management')).not.toBeInTheDocument();
    expect(screen.getByText(/SAST/)).toBeInTheDocument();
    expect(screen.getByText('Thandi Mokoena')).toBeInTheDocument();
  });
});

describe('back-office logout', () => {
  it('returns to / with the Logged out toast, not the logged-out redirect', async () => {
    // Only the timers the redirect uses: fake-indexeddb schedules its work with setImmediate,
    // and faking that would let the offline store's transactions commit too early.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
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

describe('the admin route table', () => {
  const staff = [users.superAdmin, users.manager, users.receptionist];

  // Every row, for a role it admits and one it refuses: a row without its route would show
  // Page Not Found; a row with the wrong capability would show or hide the wrong page.
  const cases = ADMIN_ROUTES.flatMap((route) => {
    const allowed = staff.find((u) => can(u.role, route.capability));
    const refused = staff.find((u) => !can(u.role, route.capability));
    return [
      ...(allowed ? [{ path: adminPath(route), user: allowed, route, allowed: true }] : []),
      ...(refused ? [{ path: adminPath(route), user: refused, route, allowed: false }] : []),
    ];
  });

  it.each(cases.map((c) => [c.path, c.user.role, c.allowed ? 'opens' : 'refuses', c] as const))(
    '%s for a %s %s the page',
    async (_path, _role, _verb, { path, user, route, allowed }) => {
      server.use(signedInAs(user));
      renderApp(path);
      // hidden: a page may open with a dialog (/admin/accommodations/new), which hides the
      // page behind it from the accessibility tree; the page's heading is still what shows
      // which page the route gave.
      const heading = await screen.findByRole('heading', { level: 1, hidden: true });
      expect(heading).not.toHaveTextContent('Page Not Found');
      if (allowed) {
        expect(heading).not.toHaveTextContent('Access Restricted');
        expect(screen.queryByText(route.deniedMessage)).not.toBeInTheDocument();
      } else {
        expect(heading).toHaveTextContent('Access Restricted');
        expect(screen.getByText(route.deniedMessage)).toBeInTheDocument();
      }
    },
  );

  it.each(staff.map((u) => [u.role, u] as const))('gives a %s a sidebar link for each row it may open, and only those', async (role, user) => {
    server.use(signedInAs(user));
    renderApp('/admin');
    const sidebar = await screen.findByRole('navigation', { name: 'Back office' });
    const hrefs = Array.from(sidebar.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    const expected = ADMIN_NAV_GROUPS.flatMap((group) =>
      ADMIN_ROUTES.filter((route) => route.nav?.group === group && can(role, route.capability)).map(adminPath),
    );
    expect(hrefs).toEqual(expected);
    for (const route of ADMIN_ROUTES.filter((r) => r.nav)) {
      const link = within(sidebar).queryByRole('link', { name: new RegExp(`^${route.nav!.label}`) });
      if (can(role, route.capability)) expect(link).toHaveAttribute('href', adminPath(route));
      else expect(link).not.toBeInTheDocument();
    }
  });

  it('names every sidebar group the spec lists, in its order', () => {
    expect(adminNavGroups('SuperAdmin').map((g) => [g.title, g.links.map((l) => l.label)])).toEqual([
      ['Overview', ['Dashboard', 'Front Desk', 'Housekeeping', 'Calendar']],
      ['Operations', ['Bookings', 'Guests', 'Waitlist', 'Lodger register', 'Accommodations']],
      ['Revenue Management', ['Rates', 'Extras', 'Channels', 'Events', 'Payments', 'Invoices', 'Reports']],
      ['System', ['Settings', 'Staff', 'Audit Log', 'Sync']],
    ]);
    expect(adminNavGroups('Manager').find((g) => g.title === 'System')?.links.map((l) => l.label)).toEqual(['Settings', 'Audit Log', 'Sync']);
    expect(adminNavGroups('Receptionist').map((g) => g.title)).toEqual(['Overview', 'Operations', 'System']);
    expect(adminNavGroups(null)).toEqual([]);
  });
});

describe('preloadAdminPages', () => {
  // The real table's pages, each recording its preload.
  const recorded = () => {
    const loaded: string[] = [];
    const routes: AdminRoute[] = ADMIN_ROUTES.map((route) => ({
      ...route,
      page: Object.assign(() => null, { preload: () => loaded.push(adminPath(route)) }),
    }));
    const tasks: (() => void)[] = [];
    const schedule = (task: () => void) => {
      tasks.push(task);
      return () => void tasks.splice(tasks.indexOf(task), 1);
    };
    return { loaded, routes, tasks, schedule };
  };

  it('loads the pages of the role’s sidebar, one per idle moment, in table order, and no others', () => {
    const { loaded, routes, tasks, schedule } = recorded();
    preloadAdminPages('Receptionist', routes, schedule);
    expect(loaded).toEqual([]); // nothing before the browser is idle
    let moments = 0;
    while (tasks.length) {
      tasks.shift()!();
      moments++;
    }
    const sidebar = ADMIN_ROUTES.filter((r) => r.nav && can('Receptionist', r.capability)).map(adminPath);
    expect(loaded).toEqual(sidebar);
    expect(moments).toBe(sidebar.length);
    expect(loaded).toContain('/admin/calendar');
    expect(loaded).not.toContain('/admin/settings');
  });

  it('stops when cancelled (the layout went away)', () => {
    const { loaded, routes, tasks, schedule } = recorded();
    const cancel = preloadAdminPages('Manager', routes, schedule);
    tasks.shift()!();
    expect(loaded).toEqual(['/admin']);
    cancel();
    expect(tasks).toHaveLength(0);
  });
});
