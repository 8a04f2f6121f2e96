import { describe, expect, it } from 'vitest';
import { addDays, todayInLodge } from '@shared/domain/dates.js';
import { formatStayDate } from '@shared/format.js';
import { leftEarlyText, releaseQuestion, releaseWaitingText, remainingNights } from './early-departure.js';

const today = todayInLodge(new Date());
const day = (n: number) => addDays(today, n);

describe("the desk's early departure words", () => {
  it('counts the nights a check-out today leaves, none once released', () => {
    expect(remainingNights({ checkInDate: day(-1), checkOutDate: day(2) })).toBe(2);
    expect(remainingNights({ checkInDate: day(-1), checkOutDate: day(0) })).toBe(0);
    // Arrived today: the first night is kept.
    expect(remainingNights({ checkInDate: day(0), checkOutDate: day(3) })).toBe(2);
    expect(remainingNights({ checkInDate: day(-3), checkOutDate: day(0), originalCheckOutDate: day(2) })).toBe(0);
  });

  it('asks and tells in words, one night or more', () => {
    expect(releaseQuestion(1)).toBe('Release the remaining 1 night?');
    expect(releaseQuestion(3)).toBe('Release the remaining 3 nights?');
    expect(releaseWaitingText(2, false)).toBe('The remaining 2 nights will be released when the tablet is back online.');
    expect(releaseWaitingText(1, true)).toBe('The remaining 1 night is being released.');
    expect(releaseWaitingText(2, true)).toBe('The remaining 2 nights are being released.');
  });

  it('says what a released stay came to; a unit of a shared stay names no money', () => {
    const released = { checkOutDate: day(0), originalCheckOutDate: day(2), isEntireLodgeChild: false };
    expect(leftEarlyText({ ...released, earlyDepartureCredit: 3600 })).toBe(`Booked until ${formatStayDate(day(2))}: 2 nights released, R3,600.00 credited`);
    expect(leftEarlyText({ ...released, earlyDepartureCredit: 0 })).toBe(`Booked until ${formatStayDate(day(2))}: 2 nights released, still charged`);
    expect(leftEarlyText({ ...released, isEntireLodgeChild: true, earlyDepartureCredit: 0 })).toBe(`Booked until ${formatStayDate(day(2))}: 2 nights released`);
    expect(leftEarlyText({ checkOutDate: day(2), isEntireLodgeChild: false })).toBeNull();
  });
});
