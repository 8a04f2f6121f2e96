import type { Middleware, ParameterizedContext } from 'koa';
import { can, type Capability } from '../../../shared/roles.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import type { AppState } from './types.js';

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
