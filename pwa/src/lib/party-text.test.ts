import { describe, expect, it } from 'vitest';
import { partyText } from './party-text.js';

describe('partyText', () => {
  it('names adults and each child’s age, in singular and plural', () => {
    expect(partyText({ adults: 2, childAges: [8, 6] })).toBe('2 adults, 2 children (8, 6)');
    expect(partyText({ adults: 1, childAges: [] })).toBe('1 adult');
    expect(partyText({ adults: 2, childAges: [9] })).toBe('2 adults, 1 child (9)');
    expect(partyText({ adults: 3, childAges: null })).toBe('3 adults');
  });

  it('is null for a booking made without a party', () => {
    expect(partyText({ adults: null, childAges: null })).toBeNull();
    expect(partyText({})).toBeNull();
  });
});
