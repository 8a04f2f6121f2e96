import { describe, expect, it } from 'vitest';
import { formatRand } from './format.js';

describe('formatRand', () => {
  it('groups thousands with commas and shows cents only when present', () => {
    expect(formatRand(2450)).toBe('R2,450');
    expect(formatRand(125400)).toBe('R125,400');
    expect(formatRand(1234567.5)).toBe('R1,234,567.50');
    expect(formatRand(0)).toBe('R0');
    expect(formatRand(999.999)).toBe('R1,000');
    expect(formatRand(-300)).toBe('-R300');
  });
});
