/**
 * Bank reconciliation's parse and match (`BENCH_ONLY=bank`, or `npx tsx bench/bank-statement.ts`
 * alone): a 1,000-line FNB export (a third of the credits carry a booking reference in mixed
 * forms, some only the guest's surname and the amount owed, the rest debits and fees) parsed
 * and matched against 3,000 candidate bookings, BENCH_BANK_RUNS times after warm-up runs.
 * Target: under 500 ms. No database: the candidates come from one indexed query, and storing the
 * lines is one batched insert.
 */
import { pathToFileURL } from 'node:url';
import { parseStatement } from '../api/src/features/bank-reconciliation/parse-statement.js';
import { createMatcher, type MatchCandidate } from '../api/src/features/bank-reconciliation/match-lines.js';
import { BOOKING_REFERENCE_ALPHABET } from '../shared/domain/reference.js';
import { formatTable, writeSection, type ResultRow } from './results.js';

const RUNS = Number(process.env.BENCH_BANK_RUNS ?? 20);
const TARGET_MS = 500;
const LINES = 1000;
const BOOKINGS = 3000;
const SURNAMES = ['Dube', 'Smit', 'Naidoo', 'Botha', 'Mokoena', 'Van der Merwe', 'Pillay', 'Khumalo', 'Fourie', 'Ndlovu'];

function reference(i: number): string {
  let s = '';
  let n = i * 7919 + 104729;
  for (let k = 0; k < 6; k++) {
    s += BOOKING_REFERENCE_ALPHABET[n % BOOKING_REFERENCE_ALPHABET.length];
    n = Math.floor(n / BOOKING_REFERENCE_ALPHABET.length) + k * 31;
  }
  return `WL-${s}`;
}

export function benchCandidates(): MatchCandidate[] {
  return Array.from({ length: BOOKINGS }, (_, i) => ({
    bookingId: `b${i}`,
    reference: reference(i),
    guestName: `Guest ${SURNAMES[i % SURNAMES.length]}`,
    guestLastName: `${SURNAMES[i % SURNAMES.length]}${Math.floor(i / SURNAMES.length)}`,
    balanceCents: 150000 + (i % 400) * 250,
    depositCents: i % 2 ? 75000 + (i % 400) * 125 : null,
  }));
}

export function benchStatement(candidates: MatchCandidate[]): string {
  const rows = ['2,Name,"WATERBERG LODGE (PTY) LTD"', '2,Account,"62812345678","Gold Business Account"', '3,Date,Amount,Balance,Description'];
  for (let i = 0; i < LINES; i++) {
    const d = `2026/${String(1 + (i % 11)).padStart(2, '0')}/${String(1 + (i % 28)).padStart(2, '0')}`;
    const c = candidates[(i * 37) % candidates.length];
    let amount: string;
    let desc: string;
    if (i % 3 === 0) {
      const forms = [c.reference, c.reference.replace('-', ''), c.reference.toLowerCase().replace('-', ' '), `${c.reference.slice(0, 5)} ${c.reference.slice(5)}`];
      amount = (c.balanceCents / 100).toFixed(2);
      desc = `FNB APP PAYMENT FROM ${forms[i % forms.length]} ${c.guestLastName.toUpperCase()}`;
    } else if (i % 3 === 1) {
      amount = (c.balanceCents / 100).toFixed(2);
      desc = `MAGTAPE CREDIT ${c.guestLastName.toUpperCase()} HOLIDAY`;
    } else {
      amount = (-(100 + (i % 50) * 13.5)).toFixed(2);
      desc = i % 10 === 2 ? '#MONTHLY ACCOUNT FEE' : `POS PURCHASE BUILDERS WAREHOUSE ${i}`;
    }
    rows.push(`5,${d},${amount},0.00,"${desc}"`);
  }
  return rows.join('\r\n') + '\r\n';
}

export function measureBankStatement(): ResultRow[] {
  const candidates = benchCandidates();
  const text = Buffer.from(benchStatement(candidates));
  let matched = 0;
  const once = () => {
    const { lines } = parseStatement(text, { bank: 'fnb' });
    const match = createMatcher(candidates);
    matched = lines.filter((l) => match(l.description, l.amountCents)).length;
    return lines.length;
  };
  for (let i = 0; i < 3; i++) once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
  const median = at(0.5);
  const max = at(1);
  return [
    {
      name: `bank statement parse + match (${LINES} lines, ${BOOKINGS} bookings)`,
      value: median,
      unit: 'ms (median)',
      target: `< ${TARGET_MS} ms`,
      ok: max < TARGET_MS,
      p95Ms: at(0.95),
      maxMs: max,
      runs: RUNS,
      matched,
    },
  ];
}

export function formatBankStatement(rows: ResultRow[]): string {
  return formatTable(
    ['benchmark', 'median ms', 'p95 ms', 'max ms', 'matched', 'target'],
    rows.map((r) => [r.name, String(r.value), String(r.p95Ms), String(r.maxMs), String(r.matched), r.target ?? '']),
  );
}

export function recordBankStatement(rows: ResultRow[]): void {
  writeSection('bankStatement', { notes: [`${RUNS} runs after 3 warm-up runs, in process (csv-parse, indexed matching)`], rows });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = measureBankStatement();
  console.log(formatBankStatement(rows));
  recordBankStatement(rows);
}
