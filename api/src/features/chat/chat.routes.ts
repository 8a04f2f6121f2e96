import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { ChatRequest } from '../../../../shared/contracts/chat.js';
import { answerChat, listFaqs } from './chat.service.js';

/** Messages per client address per minute (a burst of 20, then one every 3 seconds). */
export const CHAT_RATE_LIMIT = 20;

export function chatRoutes(router: Router<AppState>, deps: Deps): void {
  const limiter = createTokenBucket({
    scope: 'chat',
    capacity: CHAT_RATE_LIMIT,
    refillPerWindow: CHAT_RATE_LIMIT,
    windowMs: 60_000,
    db: deps.db,
    clock: deps.clock,
    message: 'Too many messages. Please wait a moment and try again.',
  });

  router.get('/chatbot/faqs', async (ctx) => {
    ctx.body = await listFaqs(deps);
  });

  router.post('/chatbot/chat', async (ctx) => {
    await limiter.take(ctx.ip);
    ctx.body = await answerChat(deps, parse(ChatRequest, ctx.request.body));
  });
}
