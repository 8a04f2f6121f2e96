import { describe, expect, it } from 'vitest';
import { guestsPerUnit } from './place-booking.js';

describe('guestsPerUnit', () => {
  it('puts one guest in every unit, then fills units up to capacity in order', () => {
    expect(guestsPerUnit(5, [{ capacity: 2 }, { capacity: 2 }, { capacity: 4 }])).toEqual([2, 2, 1]);
    expect(guestsPerUnit(3, [{ capacity: 2 }, { capacity: 2 }, { capacity: 4 }])).toEqual([1, 1, 1]);
    expect(guestsPerUnit(8, [{ capacity: 2 }, { capacity: 2 }, { capacity: 4 }])).toEqual([2, 2, 4]);
  });

  it('a party smaller than the units still puts one in each (a booking has a guest)', () => {
    expect(guestsPerUnit(1, [{ capacity: 2 }, { capacity: 2 }])).toEqual([1, 1]);
  });
});
