/**
 * The invoice PDF's render time (`BENCH_ONLY=invoices`, or `npx tsx bench/invoice-pdf.ts`
 * alone): a tax invoice of a typical stay (four nights, six extras, a discount and the levy)
 * rendered BENCH_PDF_RUNS times in this process after a few warm-up renders, the way
 * GET /api/admin/invoices/:id/pdf and the e-mail outbox render it. Target: median under
 * 150 ms. No database: the document's reading is one indexed query, measured elsewhere.
 */
import { pathToFileURL } from 'node:url';
import type { Invoice } from '../shared/contracts/invoices.js';
import { renderInvoicePdf } from '../api/src/features/invoices/invoice-pdf.js';
import { formatTable, writeSection, type ResultRow } from './results.js';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 50);
const TARGET_MS = 150;

function sampleInvoice(): Invoice {
  const nights = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
  const lines: Invoice['lines'] = [
    ...nights.map((night, i) => ({ position: i + 1, folioKey: `accommodation:${night}`, description: `Accommodation: Leadwood Suite, night of ${night}`, quantity: 1, unitAmount: 2300, amount: 2300, vat: 300 })),
    ...['Morning game drive', 'Afternoon game drive', 'Bush dinner', 'Bar tab', 'Conservation fee', 'Sundowner drive'].map((name, i) => ({
      position: 5 + i,
      folioKey: `charge:${i}`,
      description: `${name} (2026-12-0${1 + (i % 4)})`,
      quantity: 2,
      unitAmount: 450,
      amount: 900,
      vat: 117.39,
    })),
    { position: 11, folioKey: 'discount:promo', description: 'Promo code SAFARI10', quantity: 1, unitAmount: -920, amount: -920, vat: -120 },
    { position: 12, folioKey: 'levy', description: 'Tourism levy (1%)', quantity: 1, unitAmount: 72, amount: 72, vat: 0 },
  ];
  const total = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0) / 100;
  const vat = lines.reduce((s, l) => s + Math.round(l.vat * 100), 0) / 100;
  return {
    id: 'bench',
    kind: 'invoice',
    number: 'INV-000001',
    issueDate: '2026-12-05',
    bookingId: 'bench',
    bookingReference: 'WL-BENCH1',
    guestName: 'Nomsa Dlamini',
    net: Math.round((total - vat) * 100) / 100,
    vat,
    total,
    creditedInvoiceNumber: null,
    creditable: total,
    title: 'Tax Invoice',
    issuedAt: new Date().toISOString(),
    lodge: { name: 'Leadwood Koppie', legalName: 'Leadwood Koppie (Pty) Ltd', address: 'Farm Leadwood 12\nHoedspruit, 1380', vatNumber: '4123456789', vatRegistered: true },
    guest: { name: 'Nomsa Dlamini', email: 'nomsa@example.com', address: '3 Baobab Lane\nTzaneen, 0850' },
    lines,
    creditedInvoiceId: null,
    reason: null,
    createdBy: 'Bench',
  };
}

export async function measureInvoicePdf(): Promise<ResultRow[]> {
  const invoice = sampleInvoice();
  for (let i = 0; i < 5; i++) await renderInvoicePdf(invoice);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    bytes = (await renderInvoicePdf(invoice)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
  const median = at(0.5);
  return [{ name: 'invoice PDF render (12 lines)', value: median, unit: 'ms (median)', target: `< ${TARGET_MS} ms`, ok: median < TARGET_MS, p95Ms: at(0.95), maxMs: at(1), runs: RUNS, bytes }];
}

export function formatInvoicePdf(rows: ResultRow[]): string {
  return formatTable(
    ['measurement', 'median ms', 'p95 ms', 'max ms', 'bytes', 'target met'],
    rows.map((r) => [r.name, String(r.value), String(r.p95Ms), String(r.maxMs), String(r.bytes), r.ok ? 'yes' : 'NO']),
  );
}

export function recordInvoicePdf(rows: ResultRow[]): void {
  writeSection('invoicePdf', { notes: [`${RUNS} renders after 5 warm-up renders, in process (pdfkit)`], rows });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await measureInvoicePdf();
  console.log(formatInvoicePdf(rows));
  recordInvoicePdf(rows);
}
