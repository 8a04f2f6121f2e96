import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { CHAT_QUESTIONS } from './chat-questions.js';
import { buildTopicMatcher } from './topic-matcher.js';
import { listActiveAnswers } from './chat.repo.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('the chat question set, over the answers of a new install', () => {
  it('has at least 60 questions, some of them with no answer', () => {
    expect(CHAT_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(CHAT_QUESTIONS.filter((q) => q.topic === null).length).toBeGreaterThanOrEqual(10);
  });

  it('gets at least 90% right, and never answers a question that has no answer with a topic', async () => {
    const matcher = buildTopicMatcher(await listActiveAnswers(t.db));
    const results = CHAT_QUESTIONS.map((q) => ({ ...q, got: matcher.match(q.question) ?? null }));
    const wrong = results.filter((r) => r.got !== r.topic);
    const right = results.length - wrong.length;
    const score = Math.round((right / results.length) * 1000) / 10;
    console.info(
      `chat question set: ${right}/${results.length} right (${score}%)\n` +
        wrong.map((w) => `  ✗ ${JSON.stringify(w.question)}: expected ${w.topic ?? "don't know"}, got ${w.got ?? "don't know"}`).join('\n'),
    );
    expect(results.filter((r) => r.topic === null && r.got !== null)).toEqual([]);
    expect(right / results.length).toBeGreaterThanOrEqual(0.9);
  });
});
