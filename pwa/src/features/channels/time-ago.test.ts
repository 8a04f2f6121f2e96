import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.js';

describe('timeAgo', () => {
  const now = new Date('2026-12-06T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says how long ago, in the largest whole unit', () => {
    expect(timeAgo(before(20_000), now)).toBe('just now');
    expect(timeAgo(before(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(before(14 * 60_000), now)).toBe('14 minutes ago');
    expect(timeAgo(before(3 * 3600_000 + 5 * 60_000), now)).toBe('3 hours ago');
    expect(timeAgo(before(49 * 3600_000), now)).toBe('2 days ago');
  });
});
