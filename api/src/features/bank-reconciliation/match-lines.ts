/**
 * Which booking a bank credit pays. Pure. A reference in the description, in any case and with
 * spaces or dashes inside ("ldg 2026 00123" for LDG-2026-00123), is a match; otherwise an
 * amount equal to a booking's balance or deposit with the guest's surname in the description is
 * a proposal for staff to check.
 */

export interface MatchCandidate {
  bookingId: string;
  reference: string;
  guestName: string;
  guestLastName: string;
  balanceCents: number;
  depositCents: number | null;
}

export interface LineMatch {
  bookingId: string;
  reference: string;
  reason: 'reference' | 'amount-and-surname';
  guestName: string;
}

/** Uppercase letters and digits only: how references are compared. */
export function normaliseReference(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function words(s: string): string {
  return ` ${s.toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean).join(' ')} `;
}

/**
 * Indexes the candidates once (references by their normalised text, proposals by amount), so a
 * statement of a thousand lines is matched by a few lookups per line, not by comparing every
 * line with every booking.
 */
export function createMatcher(candidates: readonly MatchCandidate[]): (description: string, amountCents: number) => LineMatch | undefined {
  const byReference = new Map<string, MatchCandidate>();
  const lengths = new Set<number>();
  const byAmount = new Map<number, MatchCandidate[]>();
  const addAmount = (cents: number | null, c: MatchCandidate) => {
    if (!cents || cents <= 0) return;
    const list = byAmount.get(cents) ?? [];
    if (!list.includes(c)) list.push(c);
    byAmount.set(cents, list);
  };
  for (const c of candidates) {
    const ref = normaliseReference(c.reference);
    if (ref.length >= 4) {
      byReference.set(ref, c);
      lengths.add(ref.length);
    }
    addAmount(c.balanceCents, c);
    addAmount(c.depositCents, c);
  }
  const sortedLengths = [...lengths].sort((a, b) => b - a);

  return (description, amountCents) => {
    if (amountCents <= 0) return undefined;
    const text = normaliseReference(description);
    for (const len of sortedLengths) {
      for (let i = 0; i + len <= text.length; i++) {
        const c = byReference.get(text.slice(i, i + len));
        if (c) return { bookingId: c.bookingId, reference: c.reference, reason: 'reference', guestName: c.guestName };
      }
    }
    const sameAmount = byAmount.get(amountCents);
    if (!sameAmount) return undefined;
    const said = words(description);
    const named = sameAmount.filter((c) => c.guestLastName.trim() && said.includes(words(c.guestLastName)));
    // Two guests of one surname owing the same amount: nothing to propose, staff choose.
    if (named.length !== 1) return undefined;
    const c = named[0];
    return { bookingId: c.bookingId, reference: c.reference, reason: 'amount-and-surname', guestName: c.guestName };
  };
}
