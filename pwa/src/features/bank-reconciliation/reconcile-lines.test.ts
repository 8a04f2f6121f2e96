import { describe, expect, it } from 'vitest';
import type { BankStatementLine } from '@shared/contracts/bank-statements.js';
import { chosenLines, confirmSummary, initialChoices, statementSummary } from './reconcile-lines.js';

const line = (id: string, amount: number, extra: Partial<BankStatementLine> = {}): BankStatementLine => ({ id, date: '2026-11-03', description: `line ${id}`, amount, ...extra });
const lines: BankStatementLine[] = [
  line('a', 3200, { match: { bookingId: 'b1', reference: 'WL-AAA111', reason: 'reference' } }),
  line('b', 2400, { match: { bookingId: 'b2', reference: 'WL-BBB222', reason: 'amount-and-surname' } }),
  line('c', 750),
  line('d', -85.5),
  line('e', 1850, { recorded: { bookingId: 'b3', reference: 'WL-CCC333' } }),
];

describe('choosing lines to record', () => {
  it('ticks reference matches, leaves proposals for staff, and offers no money out or recorded lines', () => {
    const choices = initialChoices(lines);
    expect(choices).toEqual({
      a: { bookingId: 'b1', reference: 'WL-AAA111', checked: true },
      b: { bookingId: 'b2', reference: 'WL-BBB222', checked: false },
      c: { bookingId: null, reference: null, checked: false },
    });
    expect(chosenLines({ ...choices, c: { bookingId: null, reference: null, checked: true } })).toEqual([{ lineId: 'a', bookingId: 'b1' }]);
  });

  it('says what the statement holds and what confirming did', () => {
    expect(statementSummary(lines)).toBe('4 payments received, 1 matched by reference, 1 to check, 1 not matched, 1 recorded before.');
    expect(confirmSummary({ recorded: [{ lineId: 'a', bookingId: 'b1', reference: 'WL-AAA111', amount: 3200 }], alreadyRecorded: [{ lineId: 'e', bookingId: 'b3' }] })).toBe(
      'Recorded 1 payment: WL-AAA111. 1 line was recorded before and was not recorded again.',
    );
    expect(confirmSummary({ recorded: [], alreadyRecorded: [] })).toBe('No payments were recorded.');
  });
});
