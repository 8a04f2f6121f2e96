/**
 * Pure text helpers for the chat assistant: lowercasing, a small stemmer and a typo
 * allowance (shared by the topic matcher and the stay-query parser), and filling answers.
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

/**
 * '{name}' placeholders filled from values; an unknown or null one reads as `missing`. A
 * value may be empty on purpose (an optional sentence): the spaces it leaves are closed up.
 */
export function fillTemplate(template: string, values: Record<string, string | null | undefined>, missing = 'not available'): string {
  return template
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? missing)
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
