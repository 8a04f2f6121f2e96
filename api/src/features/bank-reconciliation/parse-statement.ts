import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { isValidIsoDate } from '../../../../shared/domain/dates.js';
import type { BankLayout } from '../../../../shared/contracts/bank-statements.js';

/**
 * Reads a bank's CSV export into dated, signed lines. Pure: no database, no clock.
 *
 * The five banks' online-banking exports, and the columns each layout reads:
 * - FNB: a few preamble rows ("2,Name,...", "2,Account,..."), then a header row
 *   `Date,Amount,Balance,Description` (the export may also number rows "3,..."/"5,...": a
 *   leading row-type column is skipped by reading columns by their header). Dates 2026/11/03;
 *   Amount is signed (money out negative). Reads Date, Description, Amount.
 * - Standard Bank: "HIST" rows `HIST,<YYYYMMDD>,,<signed amount>,<description>,<reference>,...`
 *   after ACC-NO/OPEN/CLOSE rows; reads columns 2 (date), 4 (amount), 5 and 6 (description).
 *   Its newer export, a header `Date,Description,Amount,Balance` with YYYYMMDD dates, is read
 *   by that header.
 * - ABSA: header `Date,Description,Debit,Credit,Balance` (DD/MM/YYYY; debit and credit as
 *   positive numbers in separate columns) or `Date,Description,Amount,Balance` (signed).
 * - Nedbank: a preamble (account number, statement period), then `Date,Description,Amount,Balance`
 *   with dates like "03 Nov 2026" and signed amounts.
 * - Capitec: `Nr,Account,Posting Date,Transaction Date,Description,Original Description,Parent
 *   Category,Category,Money In,Money Out,Fee,Balance`; reads Transaction Date, Description,
 *   and Money In less Money Out (Capitec writes money out and fees negative; either sign is
 *   taken as money out); a row with only a Fee is that fee as money out.
 * - Other: the caller names the 1-based date, description and amount columns; rows whose date
 *   cell is not a date (a header, a preamble, a footer) are skipped.
 */

export interface StatementLine {
  /** 1-based position among the statement's transactions. */
  lineNumber: number;
  date: string;
  description: string;
  /** Signed: credits (money in) positive. */
  amountCents: number;
  /** Same date, amount and description as an earlier line of the file: the n-th such (0 first). */
  repeat: number;
  fingerprint: string;
}

export interface Columns {
  date: number;
  description: number;
  amount: number;
}

export type StatementProblem = 'notCsv' | 'empty' | 'noDateColumn';

export class StatementParseError extends Error {
  constructor(readonly problem: StatementProblem) {
    super(problem);
  }
}

export interface ParsedStatement {
  bank: BankLayout;
  lines: StatementLine[];
}

type NamedBank = Exclude<BankLayout, 'other'>;

interface HeaderLayout {
  date: string[];
  description: string[];
  /** One signed amount column, or money in / money out (and fee) columns. */
  amount?: string[];
  credit?: string[];
  debit?: string[];
  fee?: string[];
}

const SIGNED: HeaderLayout = { date: ['date'], description: ['description'], amount: ['amount'] };
const HEADER_LAYOUTS: Record<NamedBank, HeaderLayout[]> = {
  fnb: [SIGNED],
  'standard-bank': [SIGNED],
  absa: [{ date: ['date', 'transaction date'], description: ['description'], credit: ['credit', 'credit amount'], debit: ['debit', 'debit amount'] }, SIGNED],
  nedbank: [SIGNED, { date: ['transaction date'], description: ['description'], amount: ['amount'] }],
  capitec: [{ date: ['transaction date', 'posting date'], description: ['description'], credit: ['money in'], debit: ['money out'], fee: ['fee'] }],
};

/**
 * When the bank is not given: the distinctive layouts first (Capitec's header, ABSA's debit and
 * credit columns, Standard Bank's HIST rows); a plain signed `Date,Description,Amount` header is
 * FNB's when its rows carry FNB's row-type column, else Nedbank's (the lines read the same).
 */
const DETECT: [NamedBank, HeaderLayout[] | 'hist'][] = [
  ['capitec', HEADER_LAYOUTS.capitec],
  ['absa', HEADER_LAYOUTS.absa.slice(0, 1)],
  ['standard-bank', 'hist'],
];

export function parseStatement(content: Buffer | string, opts: { bank?: BankLayout; columns?: Columns }): ParsedStatement {
  const rows = readRows(content);
  if (opts.bank === 'other') {
    if (!opts.columns) throw new Error('parseStatement: columns are required for other');
    return { bank: 'other', lines: finish(byColumns(rows, opts.columns)) };
  }
  const found = opts.bank ? readAs(rows, opts.bank) : detect(rows);
  if (!found) throw new StatementParseError('notCsv');
  if (found.raw.length === 0) throw new StatementParseError('empty');
  return { bank: found.bank, lines: finish(found.raw) };
}

function readAs(rows: string[][], bank: NamedBank): { bank: NamedBank; raw: RawLine[] } | undefined {
  const raw = bank === 'standard-bank' ? (histRows(rows) ?? byHeader(rows, HEADER_LAYOUTS[bank])) : byHeader(rows, HEADER_LAYOUTS[bank]);
  return raw && { bank, raw };
}

function detect(rows: string[][]): { bank: NamedBank; raw: RawLine[] } | undefined {
  for (const [bank, layouts] of DETECT) {
    const raw = layouts === 'hist' ? histRows(rows) : byHeader(rows, layouts);
    if (raw) return { bank, raw };
  }
  const raw = byHeader(rows, [SIGNED]);
  if (!raw) return undefined;
  const fnbRowTypes = rows.some((r) => r[0] === '2') && rows.some((r) => r[0] === '3' || r[0] === '5');
  return { bank: fnbRowTypes ? 'fnb' : 'nedbank', raw };
}

interface RawLine {
  date: string;
  description: string;
  amountCents: number;
}

function readRows(content: Buffer | string): string[][] {
  const text = typeof content === 'string' ? content : decode(content);
  if (!text.trim()) throw new StatementParseError('empty');
  try {
    const rows = parseCsv(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
    const nonEmpty = rows.filter((r) => r.some((c) => c !== ''));
    if (!nonEmpty.length) throw new StatementParseError('empty');
    return nonEmpty;
  } catch (err) {
    if (err instanceof StatementParseError) throw err;
    throw new StatementParseError('notCsv');
  }
}

/** UTF-8, or Windows-1252 (older bank exports); bytes no text file holds mean it is not CSV. */
function decode(bytes: Buffer): string {
  if (bytes.includes(0)) throw new StatementParseError('notCsv');
  const utf8 = bytes.toString('utf8');
  if (!utf8.includes('\uFFFD')) return utf8;
  return bytes.toString('latin1');
}

function byHeader(rows: string[][], layouts: HeaderLayout[]): RawLine[] | undefined {
  for (let h = 0; h < rows.length; h++) {
    const names = rows[h].map((c) => c.toLowerCase().replace(/^'+|'+$/g, '').trim());
    const find = (aliases?: string[]) => {
      if (!aliases) return -1;
      for (const a of aliases) {
        const i = names.indexOf(a);
        if (i >= 0) return i;
      }
      return -1;
    };
    for (const layout of layouts) {
      const date = find(layout.date);
      const description = find(layout.description);
      const amount = find(layout.amount);
      const credit = find(layout.credit);
      const debit = find(layout.debit);
      const fee = find(layout.fee);
      if (date < 0 || description < 0) continue;
      if (layout.amount && amount < 0) continue;
      if (!layout.amount && (credit < 0 || debit < 0)) continue;
      const lines: RawLine[] = [];
      for (const row of rows.slice(h + 1)) {
        const d = parseSaDate(row[date] ?? '');
        if (!d) continue;
        let cents: number | undefined;
        if (layout.amount) cents = parseAmountCents(row[amount] ?? '');
        else {
          const inC = parseAmountCents(row[credit] ?? '') ?? 0;
          const outC = parseAmountCents(row[debit] ?? '') ?? 0;
          const feeC = fee >= 0 ? (parseAmountCents(row[fee] ?? '') ?? 0) : 0;
          // A fee on a deposit's row is the lodge's cost, not less money from the guest: the
          // credit is what the guest paid. A row with only a fee is a bank charge.
          cents = inC || outC ? Math.abs(inC) - Math.abs(outC) : -Math.abs(feeC);
        }
        if (cents === undefined) continue;
        lines.push({ date: d, description: clean(row[description] ?? ''), amountCents: cents });
      }
      return lines;
    }
  }
  return undefined;
}

/** Standard Bank's HIST rows; undefined when the file has none. */
function histRows(rows: string[][]): RawLine[] | undefined {
  const hist = rows.filter((r) => r[0]?.toUpperCase() === 'HIST');
  if (!hist.length) return undefined;
  const lines: RawLine[] = [];
  for (const r of hist) {
    const date = parseSaDate(r[1] ?? '');
    const cents = parseAmountCents(r[3] ?? '');
    if (!date || cents === undefined) continue;
    lines.push({ date, description: clean([r[4], r[5]].filter(Boolean).join(' ')), amountCents: cents });
  }
  return lines;
}

function byColumns(rows: string[][], c: Columns): RawLine[] {
  const lines: RawLine[] = [];
  for (const row of rows) {
    const date = parseSaDate(row[c.date - 1] ?? '');
    if (!date) continue;
    const cents = parseAmountCents(row[c.amount - 1] ?? '');
    if (cents === undefined) continue;
    lines.push({ date, description: clean(row[c.description - 1] ?? ''), amountCents: cents });
  }
  // A header alone is an empty statement; rows none of which has a date mean the wrong column.
  if (!lines.length) throw new StatementParseError(rows.length <= 1 ? 'empty' : 'noDateColumn');
  return lines;
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function finish(raw: RawLine[]): StatementLine[] {
  const seen = new Map<string, number>();
  return raw.map((l, i) => {
    const key = `${l.date}|${l.amountCents}|${normaliseDescription(l.description)}`;
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    return { lineNumber: i + 1, ...l, repeat, fingerprint: lineFingerprint(key, repeat) };
  });
}

function normaliseDescription(s: string): string {
  return s.toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * The same bank line in an overlapping export (or the same file again) has the same
 * fingerprint; two identical lines of one day (two R500 deposits "CASH DEPOSIT") differ by
 * their repeat number.
 */
function lineFingerprint(key: string, repeat: number): string {
  return createHash('sha256').update(`${key}|${repeat}`).digest('hex');
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** YYYY-MM-DD, YYYY/MM/DD, DD/MM/YYYY (also with - or .), YYYYMMDD, DD Mon YYYY; a time after it is ignored. */
export function parseSaDate(value: string): string | undefined {
  const s = value.trim().replace(/^'+|'+$/g, '');
  let y: number, m: number, d: number;
  let match: RegExpMatchArray | null;
  if ((match = s.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/))) [y, m, d] = [+match[1], +match[2], +match[3]];
  else if ((match = s.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T].*)?$/))) [d, m, y] = [+match[1], +match[2], +match[3]];
  else if ((match = s.match(/^(\d{4})(\d{2})(\d{2})$/))) [y, m, d] = [+match[1], +match[2], +match[3]];
  else if ((match = s.match(/^(\d{1,2})[ -]([A-Za-z]{3,4})[a-z]*[ -](\d{4})(?:[ T].*)?$/)) && MONTHS[match[2].toLowerCase()]) {
    [d, m, y] = [+match[1], MONTHS[match[2].toLowerCase()], +match[3]];
  } else return undefined;
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isValidIsoDate(iso) ? iso : undefined;
}

/**
 * "1 500.00", "R1,500.00", "-250.5", "(250.00)", "1500.00 CR", "250.00DR", "1.500,00";
 * undefined when it is not an amount.
 */
export function parseAmountCents(value: string): number | undefined {
  let s = value.trim().replace(/^'+|'+$/g, '').toUpperCase();
  if (!s) return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const suffix = s.match(/\s*(CR|DR)$/);
  if (suffix) {
    if (suffix[1] === 'DR') negative = !negative;
    s = s.slice(0, suffix.index).trim();
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1).trim();
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  } else if (s.startsWith('+')) s = s.slice(1).trim();
  s = s.replace(/^R\s*/, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(/[\s\u00a0']/g, '');
  // A comma followed by exactly two digits at the end, with no dot, is a decimal comma.
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(s) || /^\d+,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return undefined;
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}
