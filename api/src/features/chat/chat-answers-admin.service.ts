import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { inTransaction, type TxOptions } from '../../db/transaction.js';
import type { ChatAnswer, UpdateChatAnswerRequest } from '../../../../shared/contracts/chat.js';
import type { SessionUser } from '../auth/session-user.js';
import { recordAudit } from '../audit/record-audit.js';
import * as repo from './chat.repo.js';

const toChatAnswer = (a: repo.AnswerRecord): ChatAnswer => ({
  topic: a.topic,
  question: a.question,
  answer: a.answer,
  phrases: a.phrases,
  version: a.version,
  updatedAt: a.updatedAt,
});

/** GET /api/admin/chat-answers: the answers as written, placeholders unfilled. */
export async function listChatAnswers(deps: Pick<Deps, 'db'>): Promise<ChatAnswer[]> {
  return (await repo.listActiveAnswers(deps.db)).map(toChatAnswer);
}

/** PUT /api/admin/chat-answers/:topic. The caller invalidates the chat's cache after commit. */
export async function updateChatAnswer(
  deps: Pick<Deps, 'db'>,
  user: SessionUser,
  topic: string,
  input: UpdateChatAnswerRequest,
  opts: TxOptions = {},
): Promise<ChatAnswer> {
  return inTransaction(deps.db, opts.trx, async (trx) => {
    const before = await repo.findAnswer(trx, topic, { forUpdate: true });
    if (!before) throw new NotFoundError('Chat answer not found');
    if (input.version !== undefined && input.version !== before.version) {
      throw new ConflictError('This answer was changed by someone else; reload and try again', 'stale_version', undefined, {
        current: toChatAnswer(before),
      });
    }
    // The same text and phrases again: nothing changes, no new version, no audit row.
    if (before.answer === input.answer && JSON.stringify(before.phrases) === JSON.stringify(input.phrases)) return toChatAnswer(before);
    await repo.updateAnswer(trx, topic, { answer: input.answer, phrases: input.phrases });
    const after = (await repo.findAnswer(trx, topic))!;
    await recordAudit(trx, {
      actor: user,
      action: 'chat_answer.update',
      entityType: 'chat_answer',
      entityId: topic,
      before: { answer: before.answer, phrases: before.phrases },
      after: { answer: after.answer, phrases: after.phrases },
    });
    return toChatAnswer(after);
  });
}
