import type { User } from '@shared/contracts/auth.js';
import { isStaff, type Role } from '@shared/roles.js';

export interface NavLink {
  label: string;
  to: string;
}

/**
 * The top bar's own links (docs/product.md, Top navigation bar). Staff get Home, and their
 * back-office links come from the admin table in the menus that list them (back-office-menu.tsx,
 * mobile-menu.tsx: see backOfficeRole); everyone else the public ones. A visitor's 'Book Now'
 * is a button at the right instead of a link, so there is one 'Book Now' on screen.
 */
export function navLinksFor(user: User | null): NavLink[] {
  const home: NavLink = { label: 'Home', to: '/' };
  if (user && isStaff(user.role)) return [home];
  const links: NavLink[] = [home, { label: 'Accommodations', to: '/accommodations' }, { label: "What's on", to: '/whats-on' }];
  if (user) links.push({ label: 'Book Now', to: '/booking' });
  return links;
}

/** Whether a link is the current page: exact for '/' and '/admin', prefix otherwise. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/home';
  if (to === '/admin') return pathname === '/admin';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The role whose back-office links the bar's menus list (null for visitors and guests). The
 * links themselves are read from the admin table (admin-routes.ts) by those menus, which load
 * when opened, so the public pages' first JavaScript carries no page table or icon of it.
 */
export function backOfficeRole(user: User | null): Role | null {
  return user && isStaff(user.role) ? user.role : null;
}
