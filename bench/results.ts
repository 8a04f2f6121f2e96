/**
 * bench/results.json: every part of `npm run bench` writes its own section here (merged, so
 * running one part alone keeps the others' last numbers). One row per measurement, with the
 * target it is held to, so a reader (or CI) can see what was met without parsing tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_FILE = path.resolve(import.meta.dirname, 'results.json');

export interface ResultRow {
  name: string;
  /** The headline number, with its unit in `unit`. */
  value: number | string;
  unit?: string;
  target?: string;
  /** Whether the target was met; null when the row has no target. */
  ok: boolean | null;
  /** Further numbers (p50, p99, req/s, % of ceiling ...). */
  [extra: string]: unknown;
}

export interface ResultSection {
  measuredAt: string;
  database?: string;
  machine: { cpus: number; loadAverage1m: number; node: string };
  notes?: string[];
  rows: ResultRow[];
}

export function machine(): ResultSection['machine'] {
  return { cpus: os.cpus().length, loadAverage1m: Number(os.loadavg()[0].toFixed(2)), node: process.version };
}

export function databaseName(): string {
  return process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
}

/** Replaces one section of bench/results.json, keeping the others. */
export function writeSection(name: string, section: Omit<ResultSection, 'measuredAt' | 'machine'> & Partial<Pick<ResultSection, 'machine'>>): void {
  let all: Record<string, ResultSection> = {};
  try {
    all = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, ResultSection>;
  } catch {
    /* first run, or a broken file: start again */
  }
  all[name] = { measuredAt: new Date().toISOString(), machine: section.machine ?? machine(), ...section };
  fs.writeFileSync(RESULTS_FILE, JSON.stringify(all, null, 2) + '\n');
}

/** A plain text table: the header row, then the rows, columns padded to fit. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
