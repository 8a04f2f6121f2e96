import { describe, expect, it } from 'vitest';
import { presetRange } from './report-range.js';

// 29 February 2028, 23:30 at the lodge (21:30 UTC): the lodge's date, not UTC's, and a leap day.
const NOW = new Date('2028-02-29T21:30:00Z');

describe('the report range presets', () => {
  it('read the dates at the lodge, both ends included', () => {
    expect(presetRange('this-month', NOW)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last-month', NOW)).toEqual({ from: '2028-01-01', to: '2028-01-31' });
    expect(presetRange('next-30-days', NOW)).toEqual({ from: '2028-02-29', to: '2028-03-29' });
    expect(presetRange('year-to-date', NOW)).toEqual({ from: '2028-01-01', to: '2028-02-29' });
    // A year back from a leap day is 28 February; the range starts the day after.
    expect(presetRange('last-12-months', NOW)).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });

  it('takes last month across the new year', () => {
    expect(presetRange('last-month', new Date('2027-01-15T08:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
