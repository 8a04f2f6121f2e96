import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { parse } from '../../http/validate.js';
import { createTokenBucket } from '../../http/rate-limit.js';
import { ChatRequest, UpdateChatAnswerRequest } from '../../../../shared/contracts/chat.js';
import { ValidationError } from '../../errors.js';
import { currentUser } from '../../http/guards.js';
import { answerChat, listFaqs } from './chat.service.js';
import { listChatAnswers, updateChatAnswer } from './chat-answers-admin.service.js';
import { createAnswerCache } from './answer-cache.js';

/** A topic in a path: lowercase words joined by hyphens ('check-in-times'); 400 naming it otherwise. */
function topicParam(value: string | undefined): string {
  if (!value || !/^[a-z]+(?:-[a-z]+)*$/.test(value) || value.length > 40) {
    throw new ValidationError('topic: Invalid topic', 'validation_error', { topic: 'Invalid topic' });
  }
  return value;
}

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

  const answers = createAnswerCache(deps);

  router.get('/chatbot/faqs', async (ctx) => {
    ctx.body = await listFaqs(deps, answers);
  });

  router.post('/chatbot/chat', async (ctx) => {
    await limiter.take(ctx.ip);
    ctx.body = await answerChat(deps, parse(ChatRequest, ctx.request.body), answers);
  });

  router.get('/admin/chat-answers', async (ctx) => {
    ctx.body = await listChatAnswers(deps);
  });

  router.put('/admin/chat-answers/:topic', async (ctx) => {
    const topic = topicParam(ctx.params.topic);
    const input = parse(UpdateChatAnswerRequest, ctx.request.body);
    try {
      ctx.body = await updateChatAnswer(deps, currentUser(ctx), topic, input);
    } finally {
      // Committed or not, the next question reads the answers afresh.
      answers.invalidate();
    }
  });
}
