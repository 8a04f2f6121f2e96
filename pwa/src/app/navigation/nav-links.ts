import type { User } from '../../../../shared/contracts/auth.js';
import { can, isStaff, type Capability } from '../../../../shared/roles.js';

export interface NavLink {
  label: string;
  to: string;
}

const STAFF_LINKS: Array<NavLink & { capability: Capability }> = [
  { label: 'Dashboard', to: '/admin', capability: 'dashboard' },
  { label: 'Calendar', to: '/admin/calendar', capability: 'calendar' },
  { label: 'Bookings', to: '/admin/bookings', capability: 'manageBookings' },
  { label: 'Accommodations', to: '/admin/accommodations', capability: 'viewAccommodations' },
  { label: 'Rates', to: '/admin/rates', capability: 'rates' },
  { label: 'Events', to: '/admin/events', capability: 'events' },
  { label: 'Settings', to: '/admin/settings', capability: 'settings' },
];

/**
 * The top bar's links (public-site.md section 2). Staff get the back-office links their
 * role allows; everyone else the public ones. A visitor's 'Book Now' is a button at the
 * right instead of a link, so there is one 'Book Now' on screen.
 */
export function navLinksFor(user: User | null): NavLink[] {
  const home: NavLink = { label: 'Home', to: '/' };
  if (user && isStaff(user.role)) {
    const role = user.role;
    return [home, ...STAFF_LINKS.filter((link) => can(role, link.capability)).map(({ label, to }) => ({ label, to }))];
  }
  const links: NavLink[] = [home, { label: 'Accommodations', to: '/accommodations' }];
  if (user) links.push({ label: 'Book Now', to: '/booking' });
  return links;
}

/** Whether a link is the current page: exact for '/' and '/admin', prefix otherwise. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/home';
  if (to === '/admin') return pathname === '/admin';
  return pathname === to || pathname.startsWith(`${to}/`);
}
