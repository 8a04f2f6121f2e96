import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from './dates.js';
import { nightsToRelease, releasedCheckOut, releasedNightsCreditCents } from './early-departure.js';

const today = todayInLodge(new Date());
const day = (offset: number) => addDays(today, offset);
/** A 4-night stay that began `daysAgo` days ago. */
const fourNights = (daysAgo: number) => ({ checkInDate: day(-daysAgo), checkOutDate: day(4 - daysAgo) });

describe('releasedCheckOut and nightsToRelease', () => {
  it('shortens the stay to the day the guest left', () => {
    // Arrived 2 days ago, booked 4 nights: leaving today releases the last 2.
    expect(releasedCheckOut(fourNights(2), today)).toBe(today);
    expect(nightsToRelease(fourNights(2), today)).toBe(2);
    // Leaving on the last morning but one releases one night.
    expect(nightsToRelease(fourNights(3), today)).toBe(1);
  });

  it('keeps the first night when the guest leaves on the arrival day', () => {
    expect(releasedCheckOut(fourNights(0), today)).toBe(day(1));
    expect(nightsToRelease(fourNights(0), today)).toBe(3);
    // A one-night stay left on its arrival day has nothing to release.
    expect(releasedCheckOut({ checkInDate: today, checkOutDate: day(1) }, today)).toBeNull();
  });

  it('releases nothing on or after the check-out date', () => {
    expect(releasedCheckOut(fourNights(4), today)).toBeNull();
    expect(nightsToRelease(fourNights(4), today)).toBe(0);
    expect(nightsToRelease(fourNights(5), today)).toBe(0);
  });

  it('counts from a departure date in the past (a check-out replayed the next day)', () => {
    expect(releasedCheckOut(fourNights(2), day(-1))).toBe(day(-1));
    expect(nightsToRelease(fourNights(2), day(-1))).toBe(3);
  });
});

describe('releasedNightsCreditCents', () => {
  it('credits the released nights at their quoted share, to the cent', () => {
    // 1,500 / 1,500 / 1,800 / 1,800 = R6,600; leaving after night 2: 1,800 + 1,800 = R3,600.
    expect(releasedNightsCreditCents({ stayCents: 660000, nightWeights: [150000, 150000, 180000, 180000], keptNights: 2 })).toBe(360000);
    // After a 10 % promo the stay came to R5,940: the same nights are 90 % of their price, R3,240.
    expect(releasedNightsCreditCents({ stayCents: 594000, nightWeights: [150000, 150000, 180000, 180000], keptNights: 2 })).toBe(324000);
  });

  it('credits what is left after the kept nights take their exact share', () => {
    // R1,000.00 over 3 equal nights is 333.34 + 333.33 + 333.33: leaving after night 1 credits 666.66.
    expect(releasedNightsCreditCents({ stayCents: 100000, nightWeights: [1, 1, 1], keptNights: 1 })).toBe(66666);
  });

  it('credits nothing for a free stay, and refuses keeping none or all of the nights', () => {
    expect(releasedNightsCreditCents({ stayCents: 0, nightWeights: [1, 1], keptNights: 1 })).toBe(0);
    expect(() => releasedNightsCreditCents({ stayCents: 100, nightWeights: [1, 1], keptNights: 0 })).toThrow(RangeError);
    expect(() => releasedNightsCreditCents({ stayCents: 100, nightWeights: [1, 1], keptNights: 2 })).toThrow(RangeError);
  });
});
