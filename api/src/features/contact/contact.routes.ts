import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { ContactEnquiryRequest } from '../../../../shared/contracts/contact.js';
import { submitEnquiry } from './contact.service.js';

/** Enquiries per client address: 5 at once, then one more every 3 minutes. */
export const CONTACT_RATE_LIMIT = 5;

export function contactRoutes(router: Router<AppState>, deps: Deps): void {
  const limiter = createTokenBucket({
    scope: 'contact',
    capacity: CONTACT_RATE_LIMIT,
    refillPerWindow: CONTACT_RATE_LIMIT,
    windowMs: 15 * 60_000,
    db: deps.db,
    clock: deps.clock,
    message: 'Too many messages from your address. Please try again later or call us.',
  });

  router.post('/contact', async (ctx) => {
    // Parsed first: a form sent back with a typo does not use up the visitor's allowance.
    const input = parse(ContactEnquiryRequest, ctx.request.body);
    await limiter.take(ctx.ip);
    ctx.body = await submitEnquiry(deps, input);
    ctx.status = 201;
  });
}
