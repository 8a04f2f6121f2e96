import { useRoutes, type RouteObject } from 'react-router';
import { ADMIN_ROUTES, adminPath, type AdminRoute } from './admin-routes.js';
import { RequireCapability } from './guards/require-capability.js';
import { NotFoundPage } from './not-found-page.js';

/** One row of the admin table as a route below /admin, behind its own permission check. */
function adminChildRoute(route: AdminRoute): RouteObject {
  const Page = route.page;
  const element = (
    <RequireCapability capability={route.capability} deniedMessage={route.deniedMessage}>
      <Page />
    </RequireCapability>
  );
  return route.path ? { path: route.path, element } : { index: true, element };
}

const pageRoutes: RouteObject[] = [...ADMIN_ROUTES.map(adminChildRoute), { path: '*', element: <NotFoundPage /> }];

/**
 * The back office's pages, drawn in the admin frame's outlet (routes.tsx mounts this below
 * /admin). Its own chunk with the admin table (admin-routes.ts: every page's loader, the
 * sidebar's icons): the public pages' first JavaScript carries none of it.
 */
export function AdminPages() {
  return useRoutes(pageRoutes);
}

/** Starts loading the code of the back-office page at this address (/admin, /admin/calendar, ...). */
export function preloadAdminPage(path: string): void {
  ADMIN_ROUTES.find((route) => adminPath(route) === path)?.page.preload?.();
}
