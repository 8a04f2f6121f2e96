import { afterEach, describe, expect, it } from 'vitest';
import { centsToRand } from './domain/money.js';
import {
  bookingPlaceLabel,
  unitsLabel,
  formatDayOfMonth,
  formatLodgeDateTimeSast,
  formatLodgeDateTime,
  formatLodgeDateTimeYear,
  formatLodgeLongDate,
  formatMonthDay,
  formatMonthDayYear,
  formatRand,
  formatStayDate,
  formatStayDay,
  formatWeekdayDate,
  formatWeekdayShort,
} from './format.js';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('formatRand', () => {
  it('groups thousands with commas and shows cents only when present', () => {
    expect(formatRand(2450)).toBe('R2,450');
    expect(formatRand(125400)).toBe('R125,400');
    expect(formatRand(1234567.5)).toBe('R1,234,567.50');
    expect(formatRand(0.05)).toBe('R0.05');
    expect(formatRand(0)).toBe('R0');
    expect(formatRand(999.999)).toBe('R1,000');
    expect(formatRand(-300)).toBe('-R300');
    expect(formatRand(-2450.5)).toBe('-R2,450.50');
  });

  it('reads integer cents the same once converted', () => {
    expect(formatRand(centsToRand(1_245_050))).toBe('R12,450.50');
    expect(formatRand(centsToRand(123_456_789))).toBe('R1,234,567.89');
    expect(formatRand(centsToRand(100_000))).toBe('R1,000');
  });

  it('never prints minus zero or NaN', () => {
    expect(formatRand(-0.001)).toBe('R0');
    expect(formatRand(Number.NaN)).toBe('R0');
  });
});

describe('calendar dates', () => {
  it('print the patterns the screens use', () => {
    expect(formatMonthDay('2026-11-05')).toBe('Nov 05');
    expect(formatMonthDayYear('2026-11-05')).toBe('Nov 05, 2026');
    expect(formatWeekdayDate('2026-11-05')).toBe('Thursday, Nov 05');
    expect(formatWeekdayShort('2026-11-05')).toBe('Thu');
    expect(formatDayOfMonth('2026-11-05')).toBe('5');
    expect(formatStayDay('2026-12-12')).toBe('Sat 12 Dec');
    expect(formatStayDate('2026-12-24')).toBe('Thu 24 Dec 2026');
  });

  it('show the same calendar day in any process zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo', 'Africa/Johannesburg']) {
      process.env.TZ = zone;
      expect(formatStayDate('2026-01-01')).toBe('Thu 1 Jan 2026');
      expect(formatMonthDayYear('2026-12-31')).toBe('Dec 31, 2026');
    }
  });

  it('refuse what is not a calendar date', () => {
    expect(() => formatMonthDay('2026-02-30')).toThrow(RangeError);
    expect(() => formatStayDate('2026-11-05T10:00:00Z')).toThrow(RangeError);
  });
});

describe('moments in the lodge time', () => {
  it('show Johannesburg time although the process runs in UTC', () => {
    expect(process.env.TZ).toBe('UTC');
    expect(formatLodgeDateTime('2026-03-02T22:30:00.000Z')).toBe('Mar 03, 00:30');
    expect(formatLodgeDateTime(new Date('2026-11-23T12:30:00Z'))).toBe('Nov 23, 14:30');
    expect(formatLodgeDateTimeYear('2026-12-31T22:15:00Z')).toBe('Jan 01, 2027, 00:15');
    expect(formatLodgeLongDate('2026-12-31T22:15:00Z')).toBe('January 1st, 2027');
    expect(formatLodgeDateTimeSast(new Date('2026-11-23T12:30:00Z'))).toBe('23 Nov 2026, 14:30 SAST');
    // 22:15 UTC on New Year's Eve is already the next year at the lodge.
    expect(formatLodgeDateTimeSast(new Date('2026-12-31T22:15:00Z'))).toBe('1 Jan 2027, 00:15 SAST');
  });

  it('do not depend on the zone of the device', () => {
    process.env.TZ = 'America/New_York';
    expect(formatLodgeDateTime('2026-07-01T08:05:00Z')).toBe('Jul 01, 10:05');
    expect(formatLodgeDateTimeSast('2026-07-01T08:05:00Z')).toBe('1 Jul 2026, 10:05 SAST');
  });
});

describe('bookingPlaceLabel', () => {
  it('names the unit; a group by its type and units; an entire-lodge parent as Entire Lodge', () => {
    expect(bookingPlaceLabel({ unitName: 'Suite 2', accommodationTypeName: 'Luxury Safari Suite' })).toBe('Suite 2');
    expect(bookingPlaceLabel({ unitName: null, unitCount: 2, accommodationTypeName: 'Luxury Safari Suite' })).toBe('Luxury Safari Suite · 2 units');
    expect(bookingPlaceLabel({ unitName: null, accommodationTypeName: 'Entire Lodge Package' })).toBe('Entire Lodge');
    // A stay split over units by a room move: its units are its segments'.
    expect(bookingPlaceLabel({ unitName: null, accommodationTypeName: 'Luxury Safari Suite', isSplitStay: true })).toBe('Split stay');
    expect(unitsLabel(1)).toBe('1 unit');
  });
});
