import { describe, expect, it } from 'vitest';
import { moveNights, sameSegments, segmentStatus } from './stay-segments.js';

const seg = (unitId: string, checkInDate: string, checkOutDate: string) => ({ unitId, checkInDate, checkOutDate });

describe('moveNights', () => {
  it('moves a whole stay to the new unit', () => {
    expect(moveNights([seg('A', '2026-03-04', '2026-03-08')], seg('B', '2026-03-04', '2026-03-08'))).toEqual([seg('B', '2026-03-04', '2026-03-08')]);
  });
  it('splits a stay from a date: the nights before stay, the rest move', () => {
    expect(moveNights([seg('A', '2026-03-04', '2026-03-08')], seg('B', '2026-03-06', '2026-03-08'))).toEqual([
      seg('A', '2026-03-04', '2026-03-06'),
      seg('B', '2026-03-06', '2026-03-08'),
    ]);
  });
  it('splits a middle segment again, leaving the later one as it was', () => {
    const stay = [seg('A', '2026-03-04', '2026-03-06'), seg('B', '2026-03-06', '2026-03-10'), seg('C', '2026-03-10', '2026-03-12')];
    expect(moveNights(stay, seg('D', '2026-03-08', '2026-03-10'))).toEqual([
      seg('A', '2026-03-04', '2026-03-06'),
      seg('B', '2026-03-06', '2026-03-08'),
      seg('D', '2026-03-08', '2026-03-10'),
      seg('C', '2026-03-10', '2026-03-12'),
    ]);
  });
  it('joins a segment moved back onto its neighbour’s unit', () => {
    const stay = [seg('A', '2026-03-04', '2026-03-06'), seg('B', '2026-03-06', '2026-03-08')];
    expect(moveNights(stay, seg('A', '2026-03-06', '2026-03-08'))).toEqual([seg('A', '2026-03-04', '2026-03-08')]);
  });
  it('knows a move that changes nothing', () => {
    const stay = [seg('A', '2026-03-04', '2026-03-08')];
    expect(sameSegments(moveNights(stay, seg('A', '2026-03-06', '2026-03-08')), stay)).toBe(true);
    expect(sameSegments(moveNights(stay, seg('B', '2026-03-06', '2026-03-08')), stay)).toBe(false);
  });
});

describe('segmentStatus', () => {
  it('checks a checked-in guest out of a segment that ended by today, and only then', () => {
    expect(segmentStatus('Checked-In', seg('A', '2026-03-04', '2026-03-06'), '2026-03-06')).toBe('Checked-Out');
    expect(segmentStatus('Checked-In', seg('B', '2026-03-06', '2026-03-08'), '2026-03-06')).toBe('Checked-In');
    expect(segmentStatus('Confirmed', seg('A', '2026-03-04', '2026-03-06'), '2026-03-07')).toBe('Confirmed');
  });
});
