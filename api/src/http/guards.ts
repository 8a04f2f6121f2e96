import type { Middleware, ParameterizedContext } from 'koa';
import type Router from '@koa/router';
import { can, type Capability } from '../../../shared/roles.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { AppState } from './types.js';
import { findRoute, routeKey, type Access } from './route-table.js';

/** The logged-in user of this request, or 401. */
export function currentUser(ctx: ParameterizedContext<AppState>) {
  const user = ctx.state.user;
  if (!user) throw new UnauthorizedError('Unauthorized', 'unauthenticated');
  return user;
}

export const requireAuth: Middleware<AppState> = async (ctx, next) => {
  currentUser(ctx);
  await next();
};

/**
 * The logged-in user when the role has the capability: 401 when not logged in, 403 otherwise.
 * For a route whose body decides what is needed (POST /api/bookings books for a guest, or for
 * staff when it is a package booking).
 */
export function userWithCapability(ctx: ParameterizedContext<AppState>, capability: Capability) {
  const user = currentUser(ctx);
  if (!can(user.role, capability)) throw new ForbiddenError("You don't have permission to do this", 'forbidden');
  return user;
}

/** 401 when not logged in, 403 when the role does not have the capability. */
export function requireCapability(capability: Capability): Middleware<AppState> {
  return async (ctx, next) => {
    userWithCapability(ctx, capability);
    await next();
  };
}

/** The guard of one access level of the route table (route-table.ts). */
export function guardFor(access: Access): Middleware<AppState> | null {
  if (access === 'public' || access === 'webhook') return null;
  if (access === 'signed-in') return requireAuth;
  return requireCapability(access);
}

/** Refuses every caller of a route the table does not list: a forgotten row fails closed. */
function unlistedRoute(key: string): Middleware<AppState> {
  return async () => {
    throw new Error(`${key} is not in the route table (api/src/http/route-table.ts); refused`);
  };
}

/**
 * Puts the route table's guard in front of each route registered on the router, so the
 * table, not each feature, decides who may call what. Call once, after every route is
 * registered. Returns the keys of registered routes the table does not list.
 */
export function applyRouteTable(router: Router<AppState>): string[] {
  const unlisted: string[] = [];
  for (const layer of router.stack) {
    const methods = layer.methods.filter((m) => m !== 'HEAD');
    if (methods.length === 0) continue; // router.use(): not a route
    const path = String(layer.path);
    for (const method of methods) {
      const key = routeKey(method, path);
      const entry = findRoute(method, path);
      if (!entry) {
        unlisted.push(key);
        layer.stack.unshift(unlistedRoute(key));
        continue;
      }
      const guard = guardFor(entry.access);
      if (guard) layer.stack.unshift(guard);
    }
  }
  return unlisted;
}
