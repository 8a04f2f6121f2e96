import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Cabin from '@mui/icons-material/Cabin';
import CleaningServices from '@mui/icons-material/CleaningServices';
import Dashboard from '@mui/icons-material/Dashboard';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import Event from '@mui/icons-material/Event';
import Groups from '@mui/icons-material/Groups';
import Hub from '@mui/icons-material/Hub';
import History from '@mui/icons-material/History';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import Insights from '@mui/icons-material/Insights';
import MenuBook from '@mui/icons-material/MenuBook';
import Payments from '@mui/icons-material/Payments';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import People from '@mui/icons-material/People';
import Sell from '@mui/icons-material/Sell';
import LocalActivity from '@mui/icons-material/LocalActivity';
import RoomService from '@mui/icons-material/RoomService';
import Settings from '@mui/icons-material/Settings';
import Sync from '@mui/icons-material/Sync';
import { can, type Capability, type Role } from '@shared/roles.js';
import { lazyPage } from '@/lib/lazy-page.js';
import { whenIdle, type IdleScheduler } from '@/lib/use-after-idle.js';

/** The sidebar's groups (docs/product.md, Admin layout), in the order they are shown. */
export const ADMIN_NAV_GROUPS = ['Overview', 'Operations', 'Revenue Management', 'System'] as const;
export type AdminNavGroupTitle = (typeof ADMIN_NAV_GROUPS)[number];

export interface AdminRoute {
  /** Below /admin: '' is /admin itself. */
  path: string;
  /** Who may open the page (shared/roles.ts); others read `deniedMessage`. */
  capability: Capability;
  /** The refusal sentence for this page (docs/product.md, Back-office routes). */
  deniedMessage: string;
  /** The page, loaded on demand (lazyPage: `preload` fetches and evaluates its chunk ahead). */
  page: ComponentType & { preload?: () => void };
  /** A sidebar (and staff top-bar) link; pages without one are reached from other pages. */
  nav?: { label: string; group: AdminNavGroupTitle; icon: ComponentType<SvgIconProps>; badge?: string };
}

/**
 * A back-office page: drawn at once when its code is loaded (preloadAdminPages loads it while
 * the desk is idle), so its first visit is as quick as the later ones (lib/lazy-page.ts).
 */
function adminPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazyPage(load, pick, { drawWhenLoaded: true });
}

const ACCOMMODATIONS_DENIED = "You don't have permission to access accommodation management.";

/**
 * Every back-office page, once: the router's /admin children and the sidebar are both made
 * from this table, so a new page is one row. Links appear in table order within their group.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  {
    path: '',
    capability: 'dashboard',
    deniedMessage: "You don't have permission to access the dashboard.",
    page: adminPage(() => import('@/features/dashboard/dashboard-page.js'), (m) => m.DashboardPage),
    nav: { label: 'Dashboard', group: 'Overview', icon: Dashboard },
  },
  {
    path: 'front-desk',
    capability: 'manageBookings',
    deniedMessage: "You don't have permission to access the front desk.",
    page: adminPage(() => import('@/app/pages/front-desk-with-folio.js'), (m) => m.FrontDeskWithFolio),
    nav: { label: 'Front Desk', group: 'Overview', icon: RoomService },
  },
  {
    path: 'housekeeping',
    capability: 'housekeeping',
    deniedMessage: "You don't have permission to access housekeeping.",
    page: adminPage(() => import('@/features/housekeeping/housekeeping-page.js'), (m) => m.HousekeepingPage),
    nav: { label: 'Housekeeping', group: 'Overview', icon: CleaningServices },
  },
  {
    path: 'calendar',
    capability: 'calendar',
    deniedMessage: "You don't have permission to access the booking calendar.",
    page: adminPage(() => import('@/features/calendar/calendar-page.js'), (m) => m.CalendarPage),
    nav: { label: 'Calendar', group: 'Overview', icon: CalendarMonth, badge: 'Live' },
  },
  {
    path: 'bookings',
    capability: 'manageBookings',
    deniedMessage: "You don't have permission to access booking management.",
    page: adminPage(() => import('@/app/pages/bookings-with-payments.js'), (m) => m.BookingsWithPayments),
    nav: { label: 'Bookings', group: 'Operations', icon: MenuBook },
  },
  {
    path: 'guests',
    capability: 'manageBookings',
    deniedMessage: "You don't have permission to access guests.",
    page: adminPage(() => import('@/features/guests/guests-page.js'), (m) => m.GuestsPage),
    nav: { label: 'Guests', group: 'Operations', icon: Groups },
  },
  {
    path: 'waitlist',
    capability: 'waitlist',
    deniedMessage: "You don't have permission to access the waitlist.",
    page: adminPage(() => import('@/features/waitlist/waitlist-page.js'), (m) => m.WaitlistPage),
    nav: { label: 'Waitlist', group: 'Operations', icon: HourglassEmpty },
  },
  {
    path: 'register',
    capability: 'lodgerRegister',
    deniedMessage: "You don't have permission to access the lodger register.",
    page: adminPage(() => import('@/features/lodger-register/lodger-register-page.js'), (m) => m.LodgerRegisterPage),
    nav: { label: 'Lodger register', group: 'Operations', icon: AssignmentInd },
  },
  {
    path: 'accommodations',
    capability: 'viewAccommodations',
    deniedMessage: ACCOMMODATIONS_DENIED,
    page: adminPage(() => import('@/features/accommodations-admin/accommodations-admin-page.js'), (m) => m.AccommodationsAdminPage),
    nav: { label: 'Accommodations', group: 'Operations', icon: Cabin },
  },
  {
    path: 'accommodations/new',
    capability: 'viewAccommodations',
    deniedMessage: ACCOMMODATIONS_DENIED,
    page: adminPage(() => import('@/features/accommodations-admin/accommodations-admin-page.js'), (m) => m.NewAccommodationPage),
  },
  {
    path: 'rates',
    capability: 'rates',
    deniedMessage: "You don't have permission to access rate management.",
    page: adminPage(() => import('@/features/rates/rates-page.js'), (m) => m.RatesPage),
    nav: { label: 'Rates', group: 'Revenue Management', icon: Sell },
  },
  {
    path: 'extras',
    capability: 'rates',
    deniedMessage: "You don't have permission to access the extras catalogue.",
    page: adminPage(() => import('@/features/extras/extras-page.js'), (m) => m.ExtrasPage),
    nav: { label: 'Extras', group: 'Revenue Management', icon: LocalActivity },
  },
  {
    path: 'channels',
    capability: 'channels',
    deniedMessage: "You don't have permission to access the channel calendars.",
    page: adminPage(() => import('@/features/channels/channels-page.js'), (m) => m.ChannelsPage),
    nav: { label: 'Channels', group: 'Revenue Management', icon: Hub },
  },
  {
    path: 'events',
    capability: 'events',
    deniedMessage: "You don't have permission to access event management.",
    page: adminPage(() => import('@/features/events/events-page.js'), (m) => m.EventsPage),
    nav: { label: 'Events', group: 'Revenue Management', icon: Event },
  },
  {
    path: 'payments',
    capability: 'managePayments',
    deniedMessage: "You don't have permission to access payment management.",
    page: adminPage(() => import('@/features/payments-admin/payments-page.js'), (m) => m.PaymentsPage),
    nav: { label: 'Payments', group: 'Revenue Management', icon: Payments },
  },
  {
    path: 'payments/reconcile',
    capability: 'managePayments',
    deniedMessage: "You don't have permission to access payment management.",
    page: adminPage(() => import('@/features/bank-reconciliation/reconcile-page.js'), (m) => m.ReconcilePage),
  },
  {
    path: 'invoices',
    capability: 'invoices',
    deniedMessage: "You don't have permission to access invoices.",
    page: adminPage(() => import('@/features/invoices/invoices-page.js'), (m) => m.InvoicesPage),
    nav: { label: 'Invoices', group: 'Revenue Management', icon: ReceiptLong },
  },
  {
    path: 'reports',
    capability: 'reports',
    deniedMessage: "You don't have permission to access the reports.",
    page: adminPage(() => import('@/features/reports/reports-page.js'), (m) => m.ReportsPage),
    nav: { label: 'Reports', group: 'Revenue Management', icon: Insights },
  },
  {
    path: 'settings',
    capability: 'settings',
    deniedMessage: "You don't have permission to access settings.",
    page: adminPage(() => import('@/features/settings/settings-page.js'), (m) => m.SettingsPage),
    nav: { label: 'Settings', group: 'System', icon: Settings },
  },
  {
    path: 'staff',
    capability: 'manageStaff',
    deniedMessage: "You don't have permission to access staff accounts.",
    page: adminPage(() => import('@/features/staff/staff-page.js'), (m) => m.StaffPage),
    nav: { label: 'Staff', group: 'System', icon: People },
  },
  {
    path: 'audit',
    capability: 'viewAudit',
    deniedMessage: "You don't have permission to access the audit log.",
    page: adminPage(() => import('@/features/audit/audit-page.js'), (m) => m.AuditPage),
    nav: { label: 'Audit Log', group: 'System', icon: History },
  },
  {
    path: 'sync',
    capability: 'manageBookings',
    deniedMessage: "You don't have permission to access sync.",
    page: adminPage(() => import('@/features/sync/sync-page.js'), (m) => m.SyncPage),
    nav: { label: 'Sync', group: 'System', icon: Sync },
  },
];

/** The absolute path of a table entry: '/admin', '/admin/calendar', ... */
export function adminPath(route: Pick<AdminRoute, 'path'>): string {
  return route.path ? `/admin/${route.path}` : '/admin';
}

export interface AdminNavLink {
  label: string;
  to: string;
  icon: ComponentType<SvgIconProps>;
  badge?: string;
}

/** The links a role may follow, in table order (the staff top bar lists them flat). */
export function adminNavLinks(role: Role | null | undefined, routes: readonly AdminRoute[] = ADMIN_ROUTES): AdminNavLink[] {
  return routes.flatMap((route) =>
    route.nav && can(role, route.capability)
      ? [{ label: route.nav.label, to: adminPath(route), icon: route.nav.icon, badge: route.nav.badge }]
      : [],
  );
}

/** The sidebar: the role's links by group; groups with nothing left for the role are left out. */
export function adminNavGroups(
  role: Role | null | undefined,
  routes: readonly AdminRoute[] = ADMIN_ROUTES,
): { title: AdminNavGroupTitle; links: AdminNavLink[] }[] {
  return ADMIN_NAV_GROUPS.map((title) => ({
    title,
    links: adminNavLinks(
      role,
      routes.filter((route) => route.nav?.group === title),
    ),
  })).filter((group) => group.links.length > 0);
}

/**
 * Loads the code of every page in the role's sidebar, one page per idle moment, once the
 * back office has drawn: a page whose code is loaded when it opens is drawn at once, without
 * a loading state (lib/lazy-page.ts), so the first tap on Calendar or Bookings is as quick as
 * the later ones. No extra download: the service worker holds every chunk already. Returns a
 * cancel, for when the layout goes away.
 */
export function preloadAdminPages(
  role: Role | null | undefined,
  routes: readonly AdminRoute[] = ADMIN_ROUTES,
  schedule: IdleScheduler = (task) => whenIdle(task),
): () => void {
  const pages = routes.filter((route) => route.nav && can(role, route.capability) && route.page.preload).map((route) => route.page);
  let cancel = () => {};
  const next = (i: number) => {
    if (i >= pages.length) return;
    cancel = schedule(() => {
      pages[i].preload!();
      next(i + 1);
    });
  };
  next(0);
  return () => cancel();
}
