import type { Knex } from 'knex';
import type { ChatOption } from '../../../../shared/contracts/chat.js';

type Db = Knex | Knex.Transaction;

export interface FaqRecord {
  topic: string;
  question: string;
  /** A template: '{phone}' and the like are filled in from the settings when answering. */
  answer: string;
  keywords: string[];
  quickActions: ChatOption[];
}

interface FaqRow {
  topic: string;
  question: string;
  answer: string;
  keywords: string[] | string;
  quick_actions: ChatOption[] | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The active FAQ entries in their order (earlier ones win ties when scoring). */
export async function listActiveFaqs(db: Db): Promise<FaqRecord[]> {
  const rows: FaqRow[] = await db('chat_faqs')
    .select('topic', 'question', 'answer', 'keywords', 'quick_actions')
    .where({ is_active: true })
    .orderBy([{ column: 'sort_order' }, { column: 'topic' }]);
  return rows.map((r) => ({
    topic: r.topic,
    question: r.question,
    answer: r.answer,
    keywords: json(r.keywords),
    quickActions: json(r.quick_actions),
  }));
}
