import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from './dates.js';
import { housekeepingStatusOn, outOfOrderOn, outOfOrderOverlaps } from './housekeeping.js';

const today = todayInLodge(new Date());
const day = (offset: number) => addDays(today, offset);
/** Out of order from tomorrow, back in service in 3 days (nights of day+1 and day+2). */
const period = { startDate: day(1), endDate: day(3), reason: 'Geyser replaced' };

describe('outOfOrderOn', () => {
  it('finds the period covering a day, its end date being the first day back', () => {
    expect(outOfOrderOn([period], day(0))).toBeUndefined();
    expect(outOfOrderOn([period], day(1))).toBe(period);
    expect(outOfOrderOn([period], day(2))).toBe(period);
    expect(outOfOrderOn([period], day(3))).toBeUndefined();
  });
});

describe('outOfOrderOverlaps', () => {
  it('shares a night with a stay only when one of its nights is the stay’s', () => {
    // A stay leaving on the first out of order day shares no night with it.
    expect(outOfOrderOverlaps(period, day(-2), day(1))).toBe(false);
    expect(outOfOrderOverlaps(period, day(-2), day(2))).toBe(true);
    expect(outOfOrderOverlaps(period, day(2), day(5))).toBe(true);
    // A stay arriving on the first day back shares none either.
    expect(outOfOrderOverlaps(period, day(3), day(5))).toBe(false);
  });
});

describe('housekeepingStatusOn', () => {
  it('is Out of order inside a period, else the unit’s cleaning status', () => {
    const unit = { housekeepingStatus: 'Dirty' as const, outOfOrder: [period] };
    expect(housekeepingStatusOn(unit, day(0))).toBe('Dirty');
    expect(housekeepingStatusOn(unit, day(1))).toBe('Out of order');
    expect(housekeepingStatusOn(unit, day(3))).toBe('Dirty');
    expect(housekeepingStatusOn({ housekeepingStatus: 'Inspected', outOfOrder: [] }, day(1))).toBe('Inspected');
  });
});
