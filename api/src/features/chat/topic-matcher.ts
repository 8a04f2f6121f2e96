import MiniSearch from 'minisearch';
import { stem, words } from './chat-text.js';

/**
 * Which of the lodge's answers a guest's question is about, or none. A MiniSearch index over
 * each topic's question, keywords and the phrases the manager added (stemmed, with one typo
 * forgiven in longer words) ranks the topics; the best one is trusted only when it explains
 * at least half of the question's meaningful words and most of them are words the answers know. That is the confidence threshold:
 * "can I bring my dog?" shares "bring" with the packing list, but "dog" is a word no answer
 * knows, so the chat says it does not know instead of answering another question.
 */

export interface MatchableTopic {
  topic: string;
  question: string;
  keywords: string[];
  phrases: string[];
}

/**
 * Words that carry no subject: question words, pronouns, auxiliaries and fillers. "where"
 * and "when" are not here: "where are you?" is a directions question.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but if so of to in on at by for from with about into over as is am are was were be been being ' +
    'do does did doing done have has had having can could would should will shall may might must ' +
    'i me my mine we us our ours you your yours he she it its they them their this that these those there here ' +
    'what which who whom whose how why any some anything something all each every no not nor only own same than too very ' +
    'just also please hi hello hey thanks thank ok okay yes want wanted like would know tell let need needed someone anyone lot lots ' +
    'lodge place stay staying guest guests im ive id youre dont doesnt isnt arent cant wont whats wheres hows theres ' +
    'much many more most other else really still even ever one s t when take go going offer allow allowed welcome permitted'
  ).split(' '),
);

/** A question's meaningful words, stemmed: what the index is searched with. */
export function contentTerms(text: string): string[] {
  // Numbers ("for 20 people") say nothing about the topic.
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w) && !/^\d+$/.test(w)).map(stem))];
}

/**
 * The confidence threshold: the best topic must match at least this share of the question's
 * meaningful words, and the answers together more than this share.
 */
export const MIN_KNOWN_SHARE = 0.5;

export interface TopicMatcher {
  /**
   * The topic the message is about, or undefined when the chat should say it does not know.
   * `alsoKnown`: words that are no topic's but not another subject either (the lodge's
   * accommodation names: "are kids welcome in the chalet?" is still about children).
   */
  match(message: string, alsoKnown?: string[]): string | undefined;
}

export function buildTopicMatcher(topics: MatchableTopic[]): TopicMatcher {
  const processTerm = (term: string) => (STOP_WORDS.has(term) ? null : stem(term));
  const index = new MiniSearch<{ id: string; question: string; keywords: string }>({
    fields: ['question', 'keywords'],
    tokenize: (text) => words(text),
    processTerm,
    searchOptions: {
      boost: { keywords: 2 },
      // One typo in words of five letters or more ("wether", "directons"); none in short ones.
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
      maxFuzzy: 1,
      prefix: false,
      combineWith: 'OR',
      // The query is processed already (contentTerms); keep its terms as they are.
      processTerm: (term) => term,
      tokenize: (text) => text.split(' '),
    },
  });
  index.addAll(topics.map((t) => ({ id: t.topic, question: t.question, keywords: [...t.keywords, ...t.phrases].join(' | ') })));

  return {
    match(message, alsoKnown = []) {
      const terms = contentTerms(message);
      if (terms.length === 0) return undefined;
      const results = index.search(terms.join(' '));
      if (results.length === 0) return undefined;
      const [best] = results;
      // Two conditions: the best topic explains at least half the question's words, and more
      // than half are words some answer knows (an unknown subject word means another subject).
      const extra = new Set(alsoKnown.flatMap(contentTerms));
      const known = new Set([...results.flatMap((r) => r.queryTerms), ...terms.filter((term) => extra.has(term))]);
      if (best.queryTerms.length / terms.length < MIN_KNOWN_SHARE) return undefined;
      if (known.size / terms.length <= MIN_KNOWN_SHARE) return undefined;
      return best.id as string;
    },
  };
}
