import { describe, expect, it } from 'vitest';
import { lodgeMonthRange } from './use-month-bookings.js';

describe('lodgeMonthRange', () => {
  it("uses Johannesburg's month, not the device's", () => {
    // 23:30 UTC on 31 March is already 1 April at the lodge.
    expect(lodgeMonthRange(new Date('2026-03-31T23:30:00Z'))).toEqual({ startDate: '2026-04-01', endDate: '2026-04-30' });
    expect(lodgeMonthRange(new Date('2026-02-28T21:59:00Z'))).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });
});
