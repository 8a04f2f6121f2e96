import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadCentsByWeights, sumCents } from './money.js';

/**
 * Properties of spreading an amount over parts by weights (an early departure's credit, the
 * reports' figures by night): whatever the amount and the weights, nothing is lost or made up.
 */
const total = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 });
const weights = fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 60 });

describe('spreadCentsByWeights', () => {
  it('adds up to the total exactly', () => {
    fc.assert(fc.property(total, weights, (t, w) => sumCents(spreadCentsByWeights(t, w)) === t));
  });

  it('keeps each part within a cent of its exact share, and a weight of 0 at nothing', () => {
    fc.assert(
      fc.property(total, weights, (t, w) => {
        const parts = spreadCentsByWeights(t, w);
        const used = w.every((x) => x === 0) ? w.map(() => 1) : w;
        const sum = used.reduce((a, b) => a + BigInt(b), 0n);
        return parts.every((part, i) => {
          // |part x sum - t x w| < sum, in exact integers.
          const gap = BigInt(part) * sum - BigInt(t) * BigInt(used[i]);
          return (gap < 0n ? -gap : gap) < sum && (used[i] !== 0 || part === 0);
        });
      }),
    );
  });

  it('never gives a heavier part less than a lighter one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), weights, (t, w) => {
        const parts = spreadCentsByWeights(t, w);
        return w.every((wi, i) => w.every((wj, j) => wi <= wj || parts[i] >= parts[j]));
      }),
    );
  });

  it('is the mirror image for a negative total', () => {
    fc.assert(fc.property(total, weights, (t, w) => {
      expect(spreadCentsByWeights(-t, w)).toEqual(spreadCentsByWeights(t, w).map((p) => (p === 0 ? 0 : -p)));
    }));
  });
});
