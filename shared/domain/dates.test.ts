import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LODGE_TIME_ZONE,
  addDays,
  compareIsoDates,
  dayOfWeek,
  daysBetween,
  dayNumberToIsoDate,
  daysInWindow,
  isoDateToDayNumber,
  isValidIsoDate,
  isWeekendNight,
  lodgeDateOf,
  lodgeTimeOf,
  lodgeDateTimeToUtc,
  nightCount,
  nightsBetween,
  todayInLodge,
} from './dates.js';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('isValidIsoDate', () => {
  it.each(['2026-01-01', '2026-12-31', '2028-02-29', '2000-02-29', '2026-02-28', '2026-04-30'])('accepts %s', (date) => {
    expect(isValidIsoDate(date)).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-02-29', // 2026 is not a leap year
    '1900-02-29', // century, not a leap year
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-01-00',
    '2026-01-32',
    '2026-2-3',
    '26-02-03',
    '2026/02/03',
    '2026-02-03T00:00',
    ' 2026-02-03',
    '',
  ])('refuses %j', (date) => {
    expect(isValidIsoDate(date)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isValidIsoDate(undefined)).toBe(false);
    expect(isValidIsoDate(20260203)).toBe(false);
    expect(isValidIsoDate(new Date())).toBe(false);
  });
});

describe('addDays and daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-03-01', 0)).toBe('2026-03-01');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('counts whole days, negative backwards', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
  });

  it('refuses invalid dates and fractional days', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 1.5)).toThrow(RangeError);
  });
});

describe('nightsBetween and nightCount', () => {
  it('lists each night by the date it starts, across a year end', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(nightCount('2026-12-30', '2027-01-02')).toBe(3);
  });

  it('crosses a month end', () => {
    expect(nightsBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('has one night for consecutive days and none for an empty or reversed stay', () => {
    expect(nightsBetween('2026-05-01', '2026-05-02')).toEqual(['2026-05-01']);
    expect(nightsBetween('2026-05-01', '2026-05-01')).toEqual([]);
    expect(nightsBetween('2026-05-03', '2026-05-01')).toEqual([]);
    expect(nightCount('2026-05-03', '2026-05-01')).toBe(-2);
  });
});

describe('daysInWindow', () => {
  it('lists consecutive dates from the start', () => {
    expect(daysInWindow('2026-12-28', 14)).toHaveLength(14);
    expect(daysInWindow('2026-12-28', 14).at(-1)).toBe('2027-01-10');
    expect(daysInWindow('2026-12-28', 0)).toEqual([]);
  });
  it('refuses negative lengths', () => {
    expect(() => daysInWindow('2026-12-28', -1)).toThrow(RangeError);
  });
});

describe('dayOfWeek and isWeekendNight', () => {
  it('knows the weekday of a date', () => {
    expect(dayOfWeek('2026-11-20')).toBe(5); // Friday
    expect(dayOfWeek('2026-11-22')).toBe(0); // Sunday
  });

  it('counts Friday and Saturday nights as weekend nights, Sunday to Thursday not', () => {
    expect(isWeekendNight('2026-11-19')).toBe(false); // Thursday
    expect(isWeekendNight('2026-11-20')).toBe(true); // Friday
    expect(isWeekendNight('2026-11-21')).toBe(true); // Saturday
    expect(isWeekendNight('2026-11-22')).toBe(false); // Sunday
    expect(isWeekendNight('2026-11-23')).toBe(false); // Monday
    expect(isWeekendNight('2027-01-01')).toBe(true); // Friday
  });
});

describe('todayInLodge', () => {
  it('is the Johannesburg date, two hours ahead of UTC', () => {
    expect(LODGE_TIME_ZONE).toBe('Africa/Johannesburg');
    expect(todayInLodge(new Date('2026-11-30T21:59:59Z'))).toBe('2026-11-30');
    expect(todayInLodge(new Date('2026-11-30T22:00:00Z'))).toBe('2026-12-01');
    expect(todayInLodge(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(todayInLodge(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
    expect(lodgeDateOf(new Date('2026-06-15T12:00:00Z'))).toBe('2026-06-15');
  });

  it('stays right when instants jump back and forth across midnight (the date is kept per minute)', () => {
    const asked = ['21:59:00.000', '21:59:59.999', '22:00:00.000', '21:59:30.000', '22:00:59.999', '22:01:00.000'];
    expect(asked.map((t) => todayInLodge(new Date(`2026-11-30T${t}Z`)))).toEqual([
      '2026-11-30',
      '2026-11-30',
      '2026-12-01',
      '2026-11-30',
      '2026-12-01',
      '2026-12-01',
    ]);
    expect(() => todayInLodge(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('lodgeTimeOf', () => {
  it('is the Johannesburg wall-clock time in 24 hours', () => {
    expect(lodgeTimeOf(new Date('2026-11-30T08:42:00Z'))).toBe('10:42');
    expect(lodgeTimeOf(new Date('2026-11-30T22:05:59Z'))).toBe('00:05');
    expect(lodgeTimeOf(new Date('2026-11-30T13:00:00Z'))).toBe('15:00');
  });
});

describe('lodgeDateTimeToUtc', () => {
  it('gives the instant of a lodge wall-clock time', () => {
    expect(lodgeDateTimeToUtc('2026-12-01', '14:00').toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(lodgeDateTimeToUtc('2026-12-01', '10:00').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(lodgeDateTimeToUtc('2027-01-01', '00:30').toISOString()).toBe('2026-12-31T22:30:00.000Z');
  });
  it('refuses bad times and dates', () => {
    expect(() => lodgeDateTimeToUtc('2026-12-01', '24:00')).toThrow(RangeError);
    expect(() => lodgeDateTimeToUtc('2026-12-01', '2pm')).toThrow(RangeError);
    expect(() => lodgeDateTimeToUtc('2026-02-30', '14:00')).toThrow(RangeError);
  });
});

describe('compareIsoDates', () => {
  it('orders dates', () => {
    expect(compareIsoDates('2026-12-31', '2027-01-01')).toBe(-1);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBe(1);
    expect(compareIsoDates('2027-01-01', '2027-01-01')).toBe(0);
  });
});

describe('independence from the process time zone', () => {
  // Node re-reads TZ when it changes; a zone far from both UTC and Johannesburg on each side.
  it.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata'])('gives the same answers with TZ=%s', (zone) => {
    process.env.TZ = zone;
    expect(new Date('2026-01-01T00:00:00Z').getTimezoneOffset()).not.toBe(0); // the zone really changed
    expect(nightsBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(isWeekendNight('2026-11-20')).toBe(true);
    expect(isWeekendNight('2026-11-22')).toBe(false);
    expect(isValidIsoDate('2026-02-30')).toBe(false);
    expect(todayInLodge(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(todayInLodge(new Date('2026-11-30T21:30:00Z'))).toBe('2026-11-30');
    expect(lodgeDateTimeToUtc('2026-12-01', '14:00').toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
});

describe('the date arithmetic agrees with the JavaScript Date it replaced', () => {
  // The reference: what these functions did with Date objects before they became arithmetic.
  const reference = (y: number, m: number, d: number) => {
    const date = new Date(0);
    date.setUTCFullYear(y, m - 1, d);
    const valid = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    return { valid, dayNumber: date.getTime() / 86_400_000, weekday: date.getUTCDay() };
  };
  const pad = (n: number, width: number) => String(n).padStart(width, '0');

  it('on validity, day numbers and weekdays of any year 0001-9999, month 01-12, day 01-31', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        const ref = reference(y, m, d);
        expect(isValidIsoDate(text)).toBe(ref.valid);
        if (!ref.valid) {
          expect(() => isoDateToDayNumber(text)).toThrow(RangeError);
          return;
        }
        expect(isoDateToDayNumber(text)).toBe(ref.dayNumber);
        expect(dayOfWeek(text)).toBe(ref.weekday);
        expect(dayNumberToIsoDate(ref.dayNumber)).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });

  it('on the leap days and the edges of the years before 100', () => {
    expect(['1900-02-29', '2100-02-29', '2000-02-29', '2024-02-29', '0004-02-29', '0100-02-29'].map(isValidIsoDate)).toEqual([false, false, true, true, true, false]);
    expect(isoDateToDayNumber('1970-01-01')).toBe(0);
    expect(isoDateToDayNumber('1969-12-31')).toBe(-1);
    expect(dayOfWeek('1969-12-31')).toBe(3); // a Wednesday
    expect(dayOfWeek('0001-01-01')).toBe(reference(1, 1, 1).weekday);
  });
});

describe("the lodge's clock against Intl's Africa/Johannesburg", () => {
  // The lodge's date and time are UTC plus two hours (no daylight saving since 1944): held to
  // the runtime's own zone data every three hours and seven minutes from 1990 to 2060, both ways.
  it('gives the same date and time, and turns them back into the same instant', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: LODGE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const mismatches: string[] = [];
    const step = (3 * 60 + 7) * 60_000;
    for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(2060, 0, 1); ms += step) {
      const instant = new Date(ms);
      const part = (type: string) => intl.formatToParts(instant).find((p) => p.type === type)!.value;
      const expected = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
      const got = `${lodgeDateOf(instant)} ${lodgeTimeOf(instant)}`;
      if (got !== expected || lodgeDateTimeToUtc(lodgeDateOf(instant), lodgeTimeOf(instant)).getTime() !== ms) mismatches.push(`${instant.toISOString()}: ${got}, Intl ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });
});
