import { describe, expect, it } from 'vitest';
import { matchTypes, parseStayQuery, weekendCheckIn } from './stay-query.js';
import { todayInLodge } from '../../../../shared/domain/dates.js';

// 23:30 UTC on Wednesday 4 March 2026 is already Thursday 5 March at the lodge (UTC+2):
// every relative date below must count from the 5th.
const NOW = new Date('2026-03-04T23:30:00Z');
const TODAY = todayInLodge(NOW);
const parse = (message: string) => parseStayQuery(message, NOW, TODAY);

describe('parseStayQuery', () => {
  it('counts from today in Johannesburg, not the UTC date', () => {
    expect(TODAY).toBe('2026-03-05');
    expect(parse('anything free tomorrow?')).toMatchObject({ checkIn: '2026-03-06', checkOut: '2026-03-07', asksAvailability: true });
  });

  it('reads a day range with a month and a guest count', () => {
    expect(parse('anything free 12 to 15 March for 4?')).toEqual({
      checkIn: '2026-03-12',
      checkOut: '2026-03-15',
      guests: 4,
      asksAvailability: true,
      asksPrice: false,
    });
  });

  it('reads "3-6 June" for the entire lodge', () => {
    expect(parse('entire lodge 3-6 June')).toMatchObject({ checkIn: '2026-06-03', checkOut: '2026-06-06' });
  });

  it('puts a month already past in next year', () => {
    expect(parse('is anything free 3-6 February')).toMatchObject({ checkIn: '2027-02-03', checkOut: '2027-02-06' });
  });

  it('reads "next weekend" as the coming Friday to Sunday', () => {
    expect(parse('anything free next weekend for 2?')).toEqual({
      checkIn: '2026-03-06',
      checkOut: '2026-03-08',
      guests: 2,
      asksAvailability: true,
      asksPrice: false,
    });
    expect(parse('is the treehouse available next weekend')).toMatchObject({ checkIn: '2026-03-06', checkOut: '2026-03-08' });
  });

  it('reads "between ... and ..." and "until" as a range', () => {
    expect(parse('between 12 and 15 march for 4 guests')).toMatchObject({ checkIn: '2026-03-12', checkOut: '2026-03-15', guests: 4 });
    expect(parse('from 1 May until 4 May, two adults and 2 kids')).toMatchObject({ checkIn: '2026-05-01', checkOut: '2026-05-04', guests: 4 });
  });

  it('does not read "for 12 March" as twelve guests, nor "3 nights" as three', () => {
    expect(parse('a tent for 12 March for 3 nights')).toMatchObject({ checkIn: '2026-03-12', checkOut: '2026-03-15', nights: 3 });
    expect(parse('a tent for 12 March for 3 nights').guests).toBeUndefined();
  });

  it('takes one night when only the arrival day is given', () => {
    expect(parse('how much is the treehouse on 20 april')).toMatchObject({ checkIn: '2026-04-20', checkOut: '2026-04-21', asksPrice: true });
  });

  it('crosses the new year', () => {
    expect(parse('28 December to 2 January')).toMatchObject({ checkIn: '2026-12-28', checkOut: '2027-01-02' });
  });

  it('finds no stay in a question without a day', () => {
    expect(parse('what time is check-in, at 14:00?')).toEqual({ asksAvailability: false, asksPrice: false });
    expect(parse('how much is the treehouse')).toEqual({ asksAvailability: false, asksPrice: true });
  });
});

describe('weekendCheckIn', () => {
  // 2026-03-02 is a Monday.
  it.each([
    ['2026-03-02', 'next', '2026-03-06'],
    ['2026-03-05', 'next', '2026-03-06'],
    ['2026-03-06', 'next', '2026-03-13'],
    ['2026-03-07', 'next', '2026-03-13'],
    ['2026-03-08', 'next', '2026-03-13'],
    ['2026-03-06', 'this', '2026-03-06'],
    ['2026-03-07', 'this', '2026-03-07'],
    ['2026-03-08', 'this', '2026-03-13'],
  ] as const)('on %s "%s weekend" starts %s', (today, phrase, friday) => {
    expect(weekendCheckIn(phrase, today)).toBe(friday);
  });

  it('"this weekend" on a Saturday is the one night left', () => {
    expect(parseStayQuery('anything this weekend', new Date('2026-03-07T08:00:00Z'), '2026-03-07')).toMatchObject({
      checkIn: '2026-03-07',
      checkOut: '2026-03-08',
    });
  });
});

describe('matchTypes', () => {
  const types = [
    { id: 'suite', name: 'Luxury Safari Suite', systemKey: null },
    { id: 'chalet', name: 'Family Bush Chalet', systemKey: null },
    { id: 'treehouse', name: 'Honeymoon Treehouse', systemKey: null },
    { id: 'tent', name: 'Classic Safari Tent', systemKey: null },
    { id: 'lodge', name: 'Entire Lodge', systemKey: 'entire-lodge' },
  ];
  const ids = (m: string) => matchTypes(m, types).map((t) => t.id);

  it.each([
    ['is the treehouse available next weekend', ['treehouse']],
    ['is the tree house free', ['treehouse']],
    ['how much are your tents?', ['tent']],
    ['any chalets or suites?', ['suite', 'chalet']],
    ['honeymoon options', ['treehouse']],
    ['the whole lodge 3-6 June', ['lodge']],
    ['entire lodge please', ['lodge']],
    ['anything free next weekend for 2?', []],
    ['is a safari drive included', []],
    ['what does the lodge cost', []],
    ['treehose in april', ['treehouse']],
  ])('%s -> %j', (message, expected) => {
    expect(ids(message)).toEqual(expected);
  });
});
