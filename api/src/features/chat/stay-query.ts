import * as chrono from 'chrono-node';
import { addDays, compareIsoDates, dayOfWeek, isValidIsoDate, type IsoDate } from '../../../../shared/domain/dates.js';
import { sameWord, stems, words } from './chat-text.js';

/**
 * Reads a stay out of plain English: dates (chrono-node, against today at the lodge),
 * "next weekend", nights, guests, and whether the guest asks what is free or what it costs.
 * Pure: "now" comes in, so tests freeze it.
 */

export interface StayQuery {
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  /** Nights asked for without an end date ("for 3 nights"). */
  nights?: number;
  guests?: number;
  asksAvailability: boolean;
  asksPrice: boolean;
}

/** Johannesburg is UTC+2 all year (no daylight saving), which is how chrono takes a zone. */
const LODGE_UTC_OFFSET_MINUTES = 120;

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, twenty: 20,
};
const NUMBER = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (s: string) => NUMBER_WORDS[s] ?? Number(s);

const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec';
const PEOPLE = 'people|persons|person|guests|guest|pax|ppl|of us|adults|adult|children|child|kids|kid';

const AVAILABILITY = /\b(free|available|availability|vacanc\w*|open|book|booking|reserve|reservation|space|room for|anything|any thing|stay|sleep)\b/;
const PRICE = /\b(cost|costs|price|prices|pricing|priced|how much|rate|rates|tariff|charge|charges|expensive|cheap)\b/;

/** The Friday a weekend phrase means, or undefined for none. Weekend = Friday and Saturday nights. */
export function weekendCheckIn(phrase: 'this' | 'next', today: IsoDate): IsoDate {
  const weekday = dayOfWeek(today); // 0 Sunday ... 5 Friday, 6 Saturday
  if (phrase === 'this' && weekday === 5) return today;
  if (phrase === 'this' && weekday === 6) return today; // Saturday: what is left of it
  // The coming Friday, strictly after today.
  const ahead = (5 - weekday + 7) % 7 || 7;
  return addDays(today, ahead);
}

export function parseStayQuery(message: string, now: Date, today: IsoDate): StayQuery {
  let text = ` ${message.toLowerCase().replace(/[’']/g, '')} `;
  const query: StayQuery = {
    asksAvailability: AVAILABILITY.test(text),
    asksPrice: PRICE.test(text),
  };

  // Nights first, so "for 3 nights" is not read as three guests.
  const nights = new RegExp(`\\b${NUMBER}\\s*nights?\\b`).exec(text);
  if (nights) {
    const n = toNumber(nights[1]);
    if (n >= 1 && n <= 60) query.nights = n;
    text = text.replace(nights[0], ' ');
  }

  // Guests: "4 people", "two adults and 2 kids", "for 4" (not "for 12 March").
  let guests = 0;
  const counted = new RegExp(`\\b${NUMBER}\\s*(${PEOPLE})\\b`, 'g');
  for (const m of text.matchAll(counted)) guests += toNumber(m[1]);
  text = text.replace(counted, ' ');
  if (guests === 0) {
    const forN = new RegExp(`\\bfor\\s+${NUMBER}\\b(?!\\s*(?:${MONTHS}|st\\b|nd\\b|rd\\b|th\\b|[/.:-]\\d|am\\b|pm\\b|h\\b))`).exec(text);
    if (forN) {
      guests = toNumber(forN[1]);
      text = text.replace(forN[0], ' ');
    }
  }
  if (guests >= 1 && guests <= 60) query.guests = guests;

  // Weekend phrases chrono does not read as a stay.
  const weekend = /\b(this|next|coming|the)\s+weekend\b/.exec(text);
  if (weekend) {
    const checkIn = weekendCheckIn(weekend[1] === 'this' ? 'this' : 'next', today);
    query.checkIn = checkIn;
    query.checkOut = dayOfWeek(checkIn) === 6 ? addDays(checkIn, 1) : addDays(checkIn, 2);
    return query;
  }

  // "between 12 and 15 March", "12 until 15 March": chrono reads ranges written with "to".
  text = text
    .replace(/\bbetween\s+(.+?)\s+and\s+/, '$1 to ')
    .replace(/\b(until|till|til|through|thru)\b/g, 'to')
    // chrono reads "from 1 May" as "from 1 o'clock".
    .replace(/\bfrom\s+(?=\d)/g, '')
    .replace(/[,;!?()]/g, ' ')
    // chrono joins "1 may to 4 may" into a range only with single spaces.
    .replace(/\s+/g, ' ')
    .trim();

  const results = chrono.en.GB.parse(text, { instant: now, timezone: LODGE_UTC_OFFSET_MINUTES }, { forwardDate: true });
  // A bare time ("at 14:00") is not a stay: only results that name a day count.
  const result = results.find((r) => r.start.isCertain('day') || r.start.isCertain('weekday') || /\b(today|tonight|tomorrow)\b/.test(r.text));
  if (!result) return query;
  const checkIn = isoOf(result.start.get('year'), result.start.get('month'), result.start.get('day'));
  if (!checkIn) return query;
  let checkOut = result.end ? isoOf(result.end.get('year'), result.end.get('month'), result.end.get('day')) : undefined;
  // "28 December to 2 January": the end is in the next year.
  if (checkOut && compareIsoDates(checkOut, checkIn) <= 0 && result.end && !result.end.isCertain('year')) {
    const next = isoOf((result.end.get('year') ?? 0) + 1, result.end.get('month'), result.end.get('day'));
    if (next && compareIsoDates(next, checkIn) > 0) checkOut = next;
  }
  query.checkIn = checkIn;
  query.checkOut = checkOut && compareIsoDates(checkOut, checkIn) > 0 ? checkOut : addDays(checkIn, query.nights ?? 1);
  return query;
}

function isoOf(year: number | null, month: number | null, day: number | null): IsoDate | undefined {
  if (year == null || month == null || day == null) return undefined;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isValidIsoDate(iso) ? iso : undefined;
}

export interface NamedType {
  id: string;
  name: string;
  systemKey: string | null;
}

/** Words of a type's name that say nothing about which type is meant. */
const GENERIC_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'lodge', 'room', 'unit', 'accommodation']);

/** What guests call the types, beyond the words of their names. */
const SYNONYMS: Record<string, string[]> = {
  treehouse: ['tree house', 'tree-house', 'tree'],
  tent: ['tented', 'canvas', 'glamping'],
  chalet: ['cottage', 'cabin'],
  suite: ['suit'],
};
const ENTIRE_LODGE_PHRASES = ['entire lodge', 'whole lodge', 'whole place', 'entire place', 'exclusive use', 'exclusive', 'buyout', 'buy out', 'lodge to ourselves'];

/**
 * The types a message names: the whole lodge by its phrases, others by a word of their name
 * that no other type shares (treehouse, tent, honeymoon ...) or a synonym of such a word.
 */
export function matchTypes<T extends NamedType>(message: string, types: T[]): T[] {
  const msg = stems(message);
  const text = words(message).join(' ');
  const counts = new Map<string, number>();
  for (const t of types) {
    for (const w of new Set(stems(t.name))) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return types.filter((t) => {
    if (t.systemKey === 'entire-lodge') return ENTIRE_LODGE_PHRASES.some((p) => text.includes(p));
    const own = [...new Set(stems(t.name))].filter((w) => !GENERIC_WORDS.has(w) && counts.get(w) === 1);
    const aliases = own.flatMap((w) => [w, ...(SYNONYMS[w] ?? [])]);
    return aliases.some((alias) => {
      const phrase = stems(alias);
      if (phrase.length === 1) return msg.some((m) => sameWord(m, phrase[0]));
      return text.includes(alias);
    });
  });
}
