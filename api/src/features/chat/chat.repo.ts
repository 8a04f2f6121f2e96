import type { Knex } from 'knex';
import type { ChatOption } from '../../../../shared/contracts/chat.js';

type Db = Knex | Knex.Transaction;

export interface AnswerRecord {
  topic: string;
  question: string;
  /** A template: '{contactPhone}' and the like are filled in from the settings when answering. */
  answer: string;
  /** The words a question on this topic uses, as installed. */
  keywords: string[];
  /** Words and phrases the manager added for the matcher. */
  phrases: string[];
  quickActions: ChatOption[];
  version: number;
  updatedAt: string;
}

interface AnswerRow {
  topic: string;
  question: string;
  answer: string;
  keywords: string[] | string;
  phrases: string[] | string;
  quick_actions: ChatOption[] | string;
  version: number;
  updated_at: Date | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toRecord = (r: AnswerRow): AnswerRecord => ({
  topic: r.topic,
  question: r.question,
  answer: r.answer,
  keywords: json(r.keywords),
  phrases: json(r.phrases),
  quickActions: json(r.quick_actions),
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The active answers in their order. */
export async function listActiveAnswers(db: Db): Promise<AnswerRecord[]> {
  const rows: AnswerRow[] = await db('chat_answers').where({ is_active: true }).orderBy([{ column: 'sort_order' }, { column: 'topic' }]);
  return rows.map(toRecord);
}

export async function findAnswer(db: Db, topic: string, opts: { forUpdate?: boolean } = {}): Promise<AnswerRecord | undefined> {
  const q = db('chat_answers').where({ topic });
  if (opts.forUpdate) q.forUpdate();
  const row: AnswerRow | undefined = await q.first();
  return row ? toRecord(row) : undefined;
}

export async function updateAnswer(db: Db, topic: string, change: { answer: string; phrases: string[] }): Promise<void> {
  await db('chat_answers')
    .where({ topic })
    .update({ answer: change.answer, phrases: JSON.stringify(change.phrases), version: db.raw('version + 1'), updated_at: db.fn.now() });
}
