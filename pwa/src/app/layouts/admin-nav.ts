import type { Capability } from '../../../../shared/roles.js';

export interface AdminNavItem {
  label: string;
  to: string;
  capability: Capability;
  badge?: string;
}

export interface AdminNavGroup {
  title: string;
  items: AdminNavItem[];
}

/** Sidebar groups of back-office.md 'Admin layout'. */
export const ADMIN_NAV: AdminNavGroup[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/admin', capability: 'dashboard' },
      { label: 'Calendar', to: '/admin/calendar', capability: 'calendar', badge: 'Live' },
    ],
  },
  {
    title: 'Operations',
    items: [
      { label: 'Bookings', to: '/admin/bookings', capability: 'manageBookings' },
      { label: 'Accommodations', to: '/admin/accommodations', capability: 'viewAccommodations' },
    ],
  },
  {
    title: 'Revenue Management',
    items: [
      { label: 'Rates', to: '/admin/rates', capability: 'rates' },
      { label: 'Events', to: '/admin/events', capability: 'events' },
    ],
  },
  {
    title: 'System',
    items: [{ label: 'Settings', to: '/admin/settings', capability: 'settings' }],
  },
];
