import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse, uuidParam } from '../../http/validate.js';
import { currentUser } from '../../http/guards.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { JoinWaitlistRequest, WAITLIST_MESSAGES, type RemoveWaitlistEntryResponse } from '../../../../shared/contracts/waitlist.js';
import { joinWaitlist, listWaitlist, removeWaitlistEntry } from './waitlist.service.js';

/** Waitlist requests per client address: 5 at once, then one more every 3 minutes (as the contact form). */
export const WAITLIST_RATE_LIMIT = 5;

export function waitlistRoutes(router: Router<AppState>, deps: Deps): void {
  const limiter = createTokenBucket({
    scope: 'waitlist',
    capacity: WAITLIST_RATE_LIMIT,
    refillPerWindow: WAITLIST_RATE_LIMIT,
    windowMs: 15 * 60_000,
    db: deps.db,
    clock: deps.clock,
    message: WAITLIST_MESSAGES.tooMany,
  });

  router.post('/waitlist', async (ctx) => {
    // Parsed first: a form sent back with a typo does not use up the guest's allowance.
    const input = parse(JoinWaitlistRequest, ctx.request.body);
    await limiter.take(ctx.ip);
    ctx.body = await joinWaitlist(deps, input);
    ctx.status = 201;
  });

  router.get('/admin/waitlist', async (ctx) => {
    ctx.body = await listWaitlist(deps);
  });

  router.delete('/admin/waitlist/:id', async (ctx) => {
    const id = uuidParam(ctx.params.id);
    await removeWaitlistEntry(deps, currentUser(ctx), id);
    const body: RemoveWaitlistEntryResponse = { id, message: WAITLIST_MESSAGES.removed };
    ctx.body = body;
  });
}
