import type { User } from '@shared/contracts/auth.js';
import { isStaff } from '@shared/roles.js';
import { adminNavLinks } from '@/app/admin-routes.js';

export interface NavLink {
  label: string;
  to: string;
}

/**
 * The top bar's links (docs/product.md, Top navigation bar). Staff get the back-office links their
 * role allows; everyone else the public ones. A visitor's 'Book Now' is a button at the
 * right instead of a link, so there is one 'Book Now' on screen.
 */
export function navLinksFor(user: User | null): NavLink[] {
  const home: NavLink = { label: 'Home', to: '/' };
  if (user && isStaff(user.role)) {
    return [home, ...adminNavLinks(user.role).map(({ label, to }) => ({ label, to }))];
  }
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
