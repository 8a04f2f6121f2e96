import { describe, expect, it } from 'vitest';
import { rowWindow } from './windowed-rows.js';

describe('rowWindow', () => {
  it('draws the rows in view and the overscan either side, spacing the rest', () => {
    // 5,000 rows of 60 px in a 600 px box scrolled to row 1,000.
    expect(rowWindow(5000, 60_000, 600, 60, 8)).toEqual({ first: 992, last: 1018, padTop: 992 * 60, padBottom: (5000 - 1018) * 60 });
  });

  it('starts at the top with no space above', () => {
    expect(rowWindow(5000, 0, 600, 60, 8)).toEqual({ first: 0, last: 18, padTop: 0, padBottom: 4982 * 60 });
  });

  it('stops at the last row however far it is scrolled', () => {
    expect(rowWindow(100, 1_000_000, 600, 60, 8)).toEqual({ first: 99, last: 100, padTop: 99 * 60, padBottom: 0 });
    expect(rowWindow(100, 5400, 600, 60, 8)).toEqual({ first: 82, last: 100, padTop: 82 * 60, padBottom: 0 });
  });

  it('draws nothing for no rows, and everything for fewer rows than fit', () => {
    expect(rowWindow(0, 0, 600, 60)).toEqual({ first: 0, last: 0, padTop: 0, padBottom: 0 });
    expect(rowWindow(5, 0, 600, 60)).toEqual({ first: 0, last: 5, padTop: 0, padBottom: 0 });
  });
});
