import type { BankStatementLine, ConfirmStatementResponse } from '@shared/contracts/bank-statements.js';

/** What staff chose for one credit: the booking it pays (picked or proposed) and whether to record it. */
export interface LineChoice {
  bookingId: string | null;
  reference: string | null;
  checked: boolean;
}

/**
 * Reference matches are ticked at once; proposals (amount and surname) wait for staff to look;
 * money out and lines recorded before cannot be chosen.
 */
export function initialChoices(lines: readonly BankStatementLine[]): Record<string, LineChoice> {
  const out: Record<string, LineChoice> = {};
  for (const l of lines) {
    if (l.amount <= 0 || l.recorded) continue;
    out[l.id] = { bookingId: l.match?.bookingId ?? null, reference: l.match?.reference ?? null, checked: l.match?.reason === 'reference' };
  }
  return out;
}

export function chosenLines(choices: Record<string, LineChoice>): { lineId: string; bookingId: string }[] {
  return Object.entries(choices)
    .filter(([, c]) => c.checked && c.bookingId)
    .map(([lineId, c]) => ({ lineId, bookingId: c.bookingId! }));
}

export const MATCH_WORDS = {
  reference: 'Reference in description',
  'amount-and-surname': 'Amount and surname: check',
} as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The statement in one sentence, once uploaded. */
export function statementSummary(lines: readonly BankStatementLine[]): string {
  const credits = lines.filter((l) => l.amount > 0);
  const recorded = credits.filter((l) => l.recorded).length;
  const byReference = credits.filter((l) => !l.recorded && l.match?.reason === 'reference').length;
  const proposals = credits.filter((l) => !l.recorded && l.match?.reason === 'amount-and-surname').length;
  const unmatched = credits.length - recorded - byReference - proposals;
  const parts = [
    `${plural(credits.length, 'payment', 'payments')} received`,
    `${byReference} matched by reference`,
    `${proposals} to check`,
    `${unmatched} not matched`,
  ];
  if (recorded) parts.push(`${recorded} recorded before`);
  return `${parts.join(', ')}.`;
}

/** What confirming did, in words. */
export function confirmSummary(result: ConfirmStatementResponse): string {
  const done = result.recorded.length
    ? `Recorded ${plural(result.recorded.length, 'payment', 'payments')}: ${result.recorded.map((r) => r.reference).join(', ')}.`
    : 'No payments were recorded.';
  const before = result.alreadyRecorded.length
    ? ` ${plural(result.alreadyRecorded.length, 'line was', 'lines were')} recorded before and ${result.alreadyRecorded.length === 1 ? 'was' : 'were'} not recorded again.`
    : '';
  return done + before;
}
