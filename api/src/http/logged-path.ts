/**
 * The path as logs show it. A guest's link token opens their booking, so it is never written
 * to a log (logs are kept longer, shipped further and read by more people than the database,
 * which keeps only the token's hash): /api/guest/bookings/<token>/... is logged as
 * /api/guest/bookings/:token/...
 */
export function loggedPath(path: string): string {
  return path.startsWith('/api/guest/bookings/') ? path.replace(/^\/api\/guest\/bookings\/[^/]*/, '/api/guest/bookings/:token') : path;
}
