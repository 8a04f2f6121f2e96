import type { Deps } from '../../deps.js';
import { listActiveAnswers, type AnswerRecord } from './chat.repo.js';
import { buildTopicMatcher, type TopicMatcher } from './topic-matcher.js';

export interface AnswerBook {
  answers: AnswerRecord[];
  byTopic: Map<string, AnswerRecord>;
  matcher: TopicMatcher;
}

export interface AnswerCache {
  get(): Promise<AnswerBook>;
  /** After a write: the next question reads the answers (and rebuilds the index) afresh. */
  invalidate(): void;
}

/**
 * How long another API instance's edit may take to show here. This instance's own edits
 * show at once (invalidate); the lodge runs one instance, so this is only a backstop.
 */
export const ANSWER_CACHE_MS = 60_000;

/**
 * The lodge's answers and their search index, kept in memory: the public chat asks on every
 * message, and the answers change a few times a year. One per app (built in chatRoutes), so
 * tests with their own databases never share it.
 */
export function createAnswerCache(deps: Pick<Deps, 'db' | 'clock'>): AnswerCache {
  let cached: { at: number; book: Promise<AnswerBook> } | undefined;
  const load = async (): Promise<AnswerBook> => {
    const answers = await listActiveAnswers(deps.db);
    return { answers, byTopic: new Map(answers.map((a) => [a.topic, a])), matcher: buildTopicMatcher(answers) };
  };
  return {
    get() {
      const now = deps.clock.now().getTime();
      if (!cached || now - cached.at >= ANSWER_CACHE_MS) {
        const entry = { at: now, book: load() };
        // A failed read is not kept: the next question tries again.
        entry.book.catch(() => {
          if (cached === entry) cached = undefined;
        });
        cached = entry;
      }
      return cached.book;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
