/**
 * Pure text matching for the chat assistant: lowercasing, a small stemmer and a typo
 * allowance, then keyword scoring of the FAQ. Deliberately simple: the knowledge base is a
 * dozen topics, and an answer that is plainly about the wrong topic is worse than "I am not
 * sure", so a topic needs at least one keyword hit.
 */

/** Lowercase words (letters and digits); punctuation and accents' apostrophes split words. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * A crude English stemmer: enough that 'tents', 'chalets', 'packing', 'cancelled' and
 * 'facilities' meet 'tent', 'chalet', 'pack', 'cancel' and 'facility'.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('es') && /(sses|shes|ches|xes|oes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  // 'cancell' (from cancelled/cancelling) -> 'cancel'; 'stopp' -> 'stop'.
  if (/([bdglmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

export function stems(text: string): string[] {
  return words(text).map(stem);
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Two stems are the same word, allowing one typo in words of five letters or more. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  return editDistance(a, b, 1) <= 1;
}

/** Whether the stemmed phrase occurs in the stemmed message as consecutive words. */
export function containsPhrase(message: string[], phrase: string[]): boolean {
  if (phrase.length === 0 || phrase.length > message.length) return false;
  outer: for (let i = 0; i + phrase.length <= message.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      if (!sameWord(message[i + j], phrase[j])) continue outer;
    }
    return true;
  }
  return false;
}

export interface Scorable {
  topic: string;
  keywords: string[];
}

/**
 * Each keyword found scores its number of words (a phrase match says more than a single
 * word). The best topic with a score wins; ties go to the earlier topic.
 */
export function scoreTopics<T extends Scorable>(message: string, topics: T[]): { item: T; score: number }[] {
  const msg = stems(message);
  return topics
    .map((item) => {
      let score = 0;
      for (const keyword of item.keywords) {
        const phrase = stems(keyword);
        if (containsPhrase(msg, phrase)) score += phrase.length;
      }
      return { item, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
}

export function bestTopic<T extends Scorable>(message: string, topics: T[]): T | undefined {
  return scoreTopics(message, topics)[0]?.item;
}

/** '{name}' placeholders filled from values; an unknown or empty one reads as `missing`. */
export function fillTemplate(template: string, values: Record<string, string | null | undefined>, missing = 'not available'): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    return value != null && value.trim() !== '' ? value : missing;
  });
}
